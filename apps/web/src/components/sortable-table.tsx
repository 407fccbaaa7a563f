import { Table, UnstyledButton, type TableProps } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../i18n/messages';

export type SortDirection = 'asc' | 'desc';

export interface SortState<Key extends string> {
  key: Key;
  direction: SortDirection;
}

export interface SortableColumn<Key extends string> {
  key: Key;
  label: MessageId;
  align?: 'left' | 'right';
}

/**
 * The sort of a table: a click on the sorted column turns its direction, a click on another column sorts on it
 * in that column's first direction (ascending unless `firstDirection` says otherwise).
 */
export function useSortState<Key extends string>(
  initial: SortState<Key>,
  firstDirection: (key: Key) => SortDirection = () => 'asc',
) {
  const [sort, setSort] = useState(initial);
  const toggle = (key: Key) =>
    setSort((current) =>
      current.key === key
        ? { key, direction: current.direction === 'asc' ? 'desc' : 'asc' }
        : { key, direction: firstDirection(key) },
    );
  return { sort, toggle };
}

interface SortableTableProps<Key extends string> extends Omit<TableProps, 'children' | 'caption'> {
  columns: readonly SortableColumn<Key>[];
  sort: SortState<Key>;
  onSort: (key: Key) => void;
  caption?: ReactNode;
  /** Scrolls sideways below this width. */
  minWidth?: number;
  /** Headers of columns after the sortable ones that do not sort (e.g. actions). */
  trailingHeaders?: readonly MessageId[];
  /** The body rows, in the order `sort` asks for. */
  children: ReactNode;
}

/**
 * A Mantine table whose column headers sort it: each header is a button (so it is reached and pressed with the
 * keyboard) and `aria-sort` tells which column sorts the table and how.
 */
export function SortableTable<Key extends string>({
  columns,
  sort,
  onSort,
  caption,
  minWidth = 0,
  trailingHeaders = [],
  children,
  ...tableProps
}: SortableTableProps<Key>) {
  const intl = useIntl();
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table captionSide="top" {...tableProps}>
        {caption !== undefined && <Table.Caption>{caption}</Table.Caption>}
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => {
              const active = sort.key === column.key;
              const arrow = active ? (sort.direction === 'asc' ? '▲' : '▼') : '↕';
              return (
                <Table.Th
                  key={column.key}
                  scope="col"
                  ta={column.align ?? 'right'}
                  aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
                >
                  <UnstyledButton onClick={() => onSort(column.key)} fw={700} fz="sm">
                    {intl.formatMessage({ id: column.label })} <span aria-hidden="true">{arrow}</span>
                  </UnstyledButton>
                </Table.Th>
              );
            })}
            {trailingHeaders.map((label) => (
              <Table.Th key={label} scope="col" ta="right">
                {intl.formatMessage({ id: label })}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
