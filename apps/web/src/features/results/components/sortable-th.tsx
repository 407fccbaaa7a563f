import { Table, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import type { SortDirection } from '../lib/group-results';

interface SortableThProps {
  active: boolean;
  direction: SortDirection;
  onSort: () => void;
  children: ReactNode;
  align?: 'left' | 'right';
}

/** A column header with a sort button; `aria-sort` tells which column sorts the table and how. */
export function SortableTh({ active, direction, onSort, children, align = 'right' }: SortableThProps) {
  const arrow = active ? (direction === 'asc' ? '▲' : '▼') : '↕';
  return (
    <Table.Th
      scope="col"
      ta={align}
      aria-sort={active ? (direction === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <UnstyledButton onClick={onSort} fw={700} fz="sm">
        {children} <span aria-hidden="true">{arrow}</span>
      </UnstyledButton>
    </Table.Th>
  );
}
