import { APPROACHES, type Approach, type PupilApproachRow } from '@leerzicht/contract';

/** The board's columns: enriched, basic, intensive, then the pupils without an instruction group yet. */
export const COLUMNS: readonly Approach[] = ['enriched', 'basic', 'intensive', 'undefined'];

export function isApproach(value: unknown): value is Approach {
  return APPROACHES.some((approach) => approach === value);
}

/** The pupils per column, in the server's order (approach, then name). */
export function byColumn(rows: readonly PupilApproachRow[]): Record<Approach, PupilApproachRow[]> {
  const columns: Record<Approach, PupilApproachRow[]> = {
    enriched: [],
    basic: [],
    intensive: [],
    undefined: [],
  };
  for (const row of rows) columns[row.approach].push(row);
  return columns;
}
