import { UploadRefused } from '../importer';
import { normalizeHeader } from '../national-results/cells';
import { keptColumns, type TableLayout } from '../national-results/table-file';

/*
 * The method-results layout (docs/uploads/method-results.md): one row per pupil and method test, the total score
 * with its performance letter, and optionally one column per test section ("Onderdeel A", "Onderdeel B", ...).
 * Headers are compared normalised (case, `_`/`-`), in any order; other columns are ignored.
 */

export const METHOD_FIELDS = [
  'pupilKey',
  'eckId',
  'method',
  'grade',
  'block',
  'date',
  'score',
  'performance',
] as const;
export type MethodField = (typeof METHOD_FIELDS)[number];

export const METHOD_COLUMNS: Record<MethodField, readonly string[]> = {
  pupilKey: ['Leerlingnummer'],
  eckId: ['ECK-iD', 'ECK ID', 'ECKiD'],
  method: ['Methode'],
  grade: ['Leerjaar', 'Jaargroep'],
  block: ['Blok'],
  date: ['Afnamedatum'],
  score: ['Score'],
  performance: ['Beoordeling'],
};

const SECTION_PREFIX = 'onderdeel ';

export interface MethodLayout {
  columns: Map<MethodField, number>;
  /** Section columns: the section code as written after "Onderdeel", and the column. */
  sections: { code: string; header: string; index: number }[];
}

export function detectMethodLayout(header: readonly string[]): MethodLayout {
  const positions = new Map<string, number>();
  const sections: MethodLayout['sections'] = [];
  header.forEach((name, index) => {
    const key = normalizeHeader(name);
    if (key === '' || positions.has(key)) return;
    positions.set(key, index);
    if (key.startsWith(SECTION_PREFIX)) {
      sections.push({ code: name.trim().slice(SECTION_PREFIX.length).trim(), header: name.trim(), index });
    }
  });
  const columns = new Map<MethodField, number>();
  for (const field of METHOD_FIELDS) {
    for (const name of METHOD_COLUMNS[field]) {
      const position = positions.get(normalizeHeader(name));
      if (position !== undefined) {
        columns.set(field, position);
        break;
      }
    }
  }
  const missing = (field: MethodField) => {
    const column = METHOD_COLUMNS[field][0] ?? field;
    return new UploadRefused(
      'missing_column',
      `The method-results file has no column "${column}"`,
      { column },
      1,
    );
  };
  if (!columns.has('pupilKey') && !columns.has('eckId')) throw missing('pupilKey');
  for (const field of ['method', 'grade', 'block', 'date', 'score', 'performance'] as const) {
    if (!columns.has(field)) throw missing(field);
  }
  return { columns, sections };
}

/** The method layout, with its columns numbered as readWholeTable keeps them. */
export function detectKeptMethodLayout(header: readonly string[]): TableLayout<MethodLayout> {
  const layout = detectMethodLayout(header);
  const kept = keptColumns([...layout.columns.values(), ...layout.sections.map((column) => column.index)]);
  return {
    layout: {
      columns: new Map([...layout.columns].map(([field, index]) => [field, kept.at(index)])),
      sections: layout.sections.map((column) => ({ ...column, index: kept.at(column.index) })),
    },
    columns: kept.columns,
  };
}
