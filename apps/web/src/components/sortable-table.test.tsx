import { Table } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../test/render-routes';
import { SortableTable, useSortState, type SortableColumn } from './sortable-table';

type Key = 'name' | 'score';
const COLUMNS: SortableColumn<Key>[] = [
  { key: 'name', label: 'results.column.pupil', align: 'left' },
  { key: 'score', label: 'results.column.percentile' },
];
const ROWS = [
  { name: 'Bram', score: 40 },
  { name: 'Anna', score: 80 },
];

function Scores() {
  const { sort, toggle } = useSortState<Key>({ key: 'name', direction: 'asc' }, (key) =>
    key === 'name' ? 'asc' : 'desc',
  );
  const sign = sort.direction === 'asc' ? 1 : -1;
  const rows = [...ROWS].sort((a, b) =>
    sort.key === 'name' ? a.name.localeCompare(b.name) * sign : (a.score - b.score) * sign,
  );
  return (
    <SortableTable columns={COLUMNS} sort={sort} onSort={toggle} caption="Scores">
      {rows.map((row) => (
        <Table.Tr key={row.name}>
          <Table.Th scope="row">{row.name}</Table.Th>
          <Table.Td>{row.score}</Table.Td>
        </Table.Tr>
      ))}
    </SortableTable>
  );
}

describe('sortable table', () => {
  it('sorts on a header button, by click or keyboard, and tells the sort with aria-sort', async () => {
    const { user } = renderRoutes([{ path: '/', element: <Scores /> }], '/');
    const table = await screen.findByRole('table', { name: 'Scores' });
    const names = () =>
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent);
    const header = (name: RegExp) => within(table).getByRole('columnheader', { name });
    expect(names()).toEqual(['Anna', 'Bram']);
    expect(header(/Leerling/)).toHaveAttribute('aria-sort', 'ascending');
    expect(header(/Percentiel/)).toHaveAttribute('aria-sort', 'none');

    await user.click(within(table).getByRole('button', { name: /Percentiel/ }));
    expect(names()).toEqual(['Anna', 'Bram']);
    expect(header(/Percentiel/)).toHaveAttribute('aria-sort', 'descending');
    expect(header(/Leerling/)).toHaveAttribute('aria-sort', 'none');

    within(table)
      .getByRole('button', { name: /Percentiel/ })
      .focus();
    await user.keyboard('{Enter}');
    expect(names()).toEqual(['Bram', 'Anna']);
    expect(header(/Percentiel/)).toHaveAttribute('aria-sort', 'ascending');
  });
});
