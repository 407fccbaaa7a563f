import type { UploadCounts } from '@leerzicht/contract';

export const COUNT_ROWS = ['pupils', 'groups', 'teachers', 'results'] as const;
export type CountRow = (typeof COUNT_ROWS)[number];

/** The rows the file holds: those it has counts for. */
export function countRows(counts: UploadCounts): CountRow[] {
  return COUNT_ROWS.filter((row) => counts[row] !== undefined);
}

/** What applying changes: rows added and changed, and pupils marked as left. */
export function changeCount(counts: UploadCounts): number {
  const rows = COUNT_ROWS.reduce((sum, row) => sum + (counts[row]?.add ?? 0) + (counts[row]?.change ?? 0), 0);
  return rows + (counts.pupilsLeft ?? 0);
}
