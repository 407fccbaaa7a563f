import { sql, type SQL } from 'drizzle-orm';
import type { ColumnIndex } from './layouts';
import type { NationalScoreRow } from './score-row';

/*
 * A result compared by one text per row, built alike in SQL (from the stored row) and here (from the file's row):
 * the date, group and grade, and the stored columns the file's columns decide. A re-import of 100,000 rows then
 * reads an id, a key and this text per stored row instead of every field, and a file never compares (or changes)
 * a field it has no column for.
 */

/** The stored columns a file decides, by the file's columns (fixed names: they go into SQL as is). */
export const DECIDED_COLUMNS = [
  'level_value',
  'ability_score',
  'percentile',
  'alphabetical',
  'roman',
  'functional_level',
  'dle',
  'dle_above_scale',
  'reference_level',
  'projected_reference_level',
] as const;
export type DecidedColumn = (typeof DECIDED_COLUMNS)[number];

const LEVEL_COLUMNS: readonly DecidedColumn[] = ['roman', 'alphabetical', 'level_value'];
const DLE_COLUMNS: readonly DecidedColumn[] = ['dle', 'dle_above_scale'];

export function decidedColumns(columns: ColumnIndex): DecidedColumn[] {
  const decided = new Set<DecidedColumn>();
  if (columns.has('ability')) decided.add('ability_score');
  if (columns.has('level')) LEVEL_COLUMNS.forEach((column) => decided.add(column));
  if (columns.has('levelValue')) decided.add('level_value');
  if (columns.has('percentile')) decided.add('percentile');
  if (columns.has('functionalLevel')) decided.add('functional_level');
  if (columns.has('dle')) DLE_COLUMNS.forEach((column) => decided.add(column));
  if (columns.has('reference')) decided.add('reference_level');
  if (columns.has('projectedReference')) decided.add('projected_reference_level');
  return DECIDED_COLUMNS.filter((column) => decided.has(column));
}

const NULL = '~';

/** Ability scores are `real`: compared at three decimals, so that a re-imported 123.7 is unchanged. */
function abilityText(value: number | null): string {
  return value === null ? NULL : value.toFixed(3);
}

function valueText(row: NationalScoreRow, column: DecidedColumn): string {
  switch (column) {
    case 'level_value':
      return row.levelValue === null ? NULL : String(row.levelValue);
    case 'ability_score':
      return abilityText(row.abilityScore);
    case 'percentile':
      return row.percentile === null ? NULL : String(row.percentile);
    case 'alphabetical':
      return row.alphabetical ?? NULL;
    case 'roman':
      return row.roman ?? NULL;
    case 'functional_level':
      return row.functionalLevel ?? NULL;
    case 'dle':
      return row.dle === null ? NULL : String(row.dle);
    case 'dle_above_scale':
      return String(row.dleAboveScale);
    case 'reference_level':
      return row.referenceLevel ?? NULL;
    case 'projected_reference_level':
      return row.projectedReferenceLevel ?? NULL;
  }
}

export function rowSignature(row: NationalScoreRow, decided: readonly DecidedColumn[]): string {
  let text = `${row.testDate}|${row.yearClassId}|${row.grade}`;
  for (const column of decided) text += `|${valueText(row, column)}`;
  return text;
}

/** The same text in SQL, for the stored rows of national_test_scores. */
export function signatureSql(decided: readonly DecidedColumn[]): SQL {
  const parts = decided.map((column) =>
    column === 'ability_score'
      ? `coalesce(round(ability_score::numeric, 3)::text, '${NULL}')`
      : `coalesce(${column}::text, '${NULL}')`,
  );
  return sql.raw(
    [
      `coalesce(to_char(test_date, 'YYYY-MM-DD'), '${NULL}')`,
      'year_class_id::text',
      'grade::text',
      ...parts,
    ].join(` || '|' || `),
  );
}
