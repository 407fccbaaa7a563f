import type { TestProviderCode } from '@leerzicht/contract';
import { UploadRefused } from '../importer';
import { normalizeHeader } from './cells';
import { keptColumns, type TableLayout } from './table-file';

/*
 * The column layouts of the national-result exports, one per provider (docs/uploads/national-results.md). The
 * header row tells the provider: each layout has signature columns no other layout has. Headers are compared
 * normalised (case, `_`/`-`, brackets), in any order; other columns (names, birth dates, ...) are ignored.
 */

export const NATIONAL_FIELDS = [
  'pupilKey',
  'eckId',
  'test',
  'version',
  'moment',
  'date',
  'ability',
  'level',
  'levelValue',
  'percentile',
  'functionalLevel',
  'dle',
  'reference',
  'projectedReference',
] as const;
export type NationalField = (typeof NATIONAL_FIELDS)[number];

/** The score columns: a file needs at least one of them. */
export const SCORE_FIELDS = [
  'ability',
  'level',
  'levelValue',
  'percentile',
  'functionalLevel',
  'dle',
  'reference',
  'projectedReference',
] as const satisfies readonly NationalField[];

export interface ProviderLayout {
  provider: TestProviderCode;
  /** Headers only this provider's export has. */
  signature: readonly string[];
  /** Per field its header as documented first, then the other names it is known by. */
  columns: Record<NationalField, readonly string[]>;
}

const COMMON = {
  eckId: ['ECK-iD', 'ECK ID', 'ECKiD', 'eck_id'],
  levelValue: ['Niveauwaarde'],
  functionalLevel: ['Functioneringsniveau'],
  dle: ['DLE'],
} as const;

export const LAYOUTS: readonly ProviderLayout[] = [
  {
    provider: 'CITO',
    signature: ['Leerlingnummer', 'Vaardigheidsscore', 'Toetsmoment'],
    columns: {
      ...COMMON,
      pupilKey: ['Leerlingnummer'],
      test: ['Toets'],
      version: ['Toetsversie'],
      moment: ['Toetsmoment'],
      date: ['Afnamedatum'],
      ability: ['Vaardigheidsscore'],
      level: ['Niveau'],
      percentile: ['Percentiel'],
      reference: ['Referentieniveau'],
      projectedReference: ['Verwacht referentieniveau'],
    },
  },
  {
    provider: 'DIA',
    signature: ['Diatoets', 'Diascore'],
    columns: {
      ...COMMON,
      pupilKey: ['Leerling ID'],
      test: ['Diatoets'],
      version: ['Versie'],
      moment: ['Afnameperiode'],
      date: ['Afnamedatum', 'Datum afname'],
      ability: ['Diascore'],
      level: ['Niveau'],
      percentile: ['Percentielscore'],
      reference: ['Referentieniveau'],
      projectedReference: ['Prognose referentieniveau'],
    },
  },
  {
    provider: 'IEP',
    signature: ['IEP_toets', 'IEP_score'],
    columns: {
      ...COMMON,
      pupilKey: ['Leerling_sleutel'],
      test: ['IEP_toets'],
      version: ['Versie'],
      moment: ['Meetmoment'],
      date: ['Afnamedatum'],
      ability: ['IEP_score'],
      level: ['Niveau'],
      percentile: ['Percentiel'],
      reference: ['Referentieniveau_behaald'],
      projectedReference: ['Referentieniveau_verwacht'],
    },
  },
];

/** Where each field's column is in the file (absent fields are not in the map). */
export type ColumnIndex = Map<NationalField, number>;

export interface DetectedLayout {
  layout: ProviderLayout;
  columns: ColumnIndex;
}

/** The provider's layout from the header row; refuses a header of no known layout or one missing a column. */
export function detectLayout(header: readonly string[]): DetectedLayout {
  const positions = new Map<string, number>();
  header.forEach((name, index) => {
    const key = normalizeHeader(name);
    if (key !== '' && !positions.has(key)) positions.set(key, index);
  });
  const layout = LAYOUTS.find((candidate) =>
    candidate.signature.every((name) => positions.has(normalizeHeader(name))),
  );
  if (!layout) {
    throw new UploadRefused(
      'unknown_layout',
      'The header row is not that of a CITO, DIA or IEP export or a doorstroomtoets file (see the documented column layouts)',
      {},
      1,
    );
  }
  const columns: ColumnIndex = new Map();
  for (const field of Object.keys(layout.columns) as NationalField[]) {
    for (const name of layout.columns[field]) {
      const position = positions.get(normalizeHeader(name));
      if (position !== undefined) {
        columns.set(field, position);
        break;
      }
    }
  }
  requireColumns(layout, columns);
  return { layout, columns };
}

/** The provider's layout, with its columns numbered as readWholeTable keeps them. */
export function detectKeptLayout(header: readonly string[]): TableLayout<DetectedLayout> {
  const detected = detectLayout(header);
  const kept = keptColumns(detected.columns.values());
  const columns = new Map([...detected.columns].map(([field, index]) => [field, kept.at(index)]));
  return { layout: { layout: detected.layout, columns }, columns: kept.columns };
}

function requireColumns(layout: ProviderLayout, columns: ColumnIndex): void {
  const missing = (field: NationalField) => {
    const column = layout.columns[field][0] ?? field;
    return new UploadRefused(
      'missing_column',
      `The ${layout.provider} file has no column "${column}"`,
      { column, provider: layout.provider },
      1,
    );
  };
  if (!columns.has('pupilKey') && !columns.has('eckId')) throw missing('pupilKey');
  for (const field of ['test', 'moment', 'date'] as const) if (!columns.has(field)) throw missing(field);
  if (!SCORE_FIELDS.some((field) => columns.has(field))) {
    throw new UploadRefused(
      'missing_score_columns',
      `The ${layout.provider} file has no score column`,
      { provider: layout.provider },
      1,
    );
  }
}
