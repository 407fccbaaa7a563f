import {
  INSPECTORATE_COLUMNS,
  INSPECTORATE_OUTCOMES,
  INSPECTORATE_YEAR_COLUMNS,
  type InspectorateFigures,
  type InspectorateYear,
} from '@leerzicht/contract';
import { UploadRefused } from '../uploads/index';
import type { TableRow } from './read-table';

/*
 * The `Data` sheet's rows as the inspectorate's figures. The three school years are read from the headers
 * (`Gemiddelde %1F 2223`: 2022-2023), since they shift each edition. Percentages come with a decimal comma
 * (`94,44`), weging and thresholds with a point, and some cells are empty; a cell that is no number (or no outcome
 * as the inspectorate writes it) is read as empty and listed, never guessed.
 */

export interface ParsedRow {
  line: number;
  figures: InspectorateFigures;
}
export interface CellError {
  line: number;
  column: string;
  value: string;
}
export interface ParsedFile {
  calendarYears: number[];
  rows: ParsedRow[];
  cellErrors: CellError[];
}

const normalise = (header: string) => header.replace(/\s+/g, ' ').trim();
const YEAR_HEADER = /^(.*) (\d{2})(\d{2})$/;

/** `94,44`, `94.44`, `85`: a number; anything else null. */
export function readNumber(text: string): number | null {
  const match = /^-?\d+(?:[.,]\d+)?$/.exec(text.trim());
  return match ? Number(match[0].replace(',', '.')) : null;
}

interface Columns {
  fixed: Map<string, number>;
  years: { calendarYear: number; share1F: number; shareTarget: number; pupils: number }[];
}

function columnsOf(header: readonly string[]): Columns {
  const fixed = new Map<string, number>();
  const perYear = new Map<number, Map<string, number>>();
  header.forEach((raw, index) => {
    const name = normalise(raw);
    if ((INSPECTORATE_COLUMNS as readonly string[]).includes(name)) {
      fixed.set(name, index);
      return;
    }
    const match = YEAR_HEADER.exec(name);
    const [, base = '', from = '', to = ''] = match ?? [];
    if (!match || !(INSPECTORATE_YEAR_COLUMNS as readonly string[]).includes(base)) return;
    if ((Number(from) + 1) % 100 !== Number(to)) return;
    const year = 2000 + Number(from);
    const columns = perYear.get(year) ?? new Map<string, number>();
    columns.set(base, index);
    perYear.set(year, columns);
  });
  const missing = INSPECTORATE_COLUMNS.filter((name) => !fixed.has(name));
  const years = [...perYear.entries()]
    .filter(([, columns]) => INSPECTORATE_YEAR_COLUMNS.every((name) => columns.has(name)))
    .sort(([a], [b]) => a - b)
    .map(([calendarYear, columns]) => ({
      calendarYear,
      share1F: columns.get('Gemiddelde %1F') ?? -1,
      shareTarget: columns.get('Gemiddelde %1S/2F') ?? -1,
      pupils: columns.get('Aantal leerlingen') ?? -1,
    }));
  if (missing.length > 0 || years.length !== 3) {
    const detail = [
      ...missing,
      ...(years.length !== 3
        ? ['Gemiddelde %1F, Gemiddelde %1S/2F and Aantal leerlingen of three years']
        : []),
    ].join(', ');
    throw new UploadRefused(
      'not_inspectorate',
      `The file's Data sheet lacks the inspectorate's columns: ${detail}.`,
      { detail },
      1,
    );
  }
  return { fixed, years };
}

/** Reads one data row; null when its `ovt` is not `BRIN|location`. */
function readRow(row: TableRow, columns: Columns, errors: CellError[]): InspectorateFigures | null {
  const text = (index: number) => row.cells[index] ?? '';
  const at = (name: (typeof INSPECTORATE_COLUMNS)[number]) => text(columns.fixed.get(name) ?? -1);
  const number = (name: string, value: string, integer = false): number | null => {
    if (value === '') return null;
    const read = readNumber(value);
    if (read === null || (integer && !Number.isInteger(read))) {
      errors.push({ line: row.line, column: name, value });
      return null;
    }
    return read;
  };
  const fixedNumber = (name: (typeof INSPECTORATE_COLUMNS)[number], integer = false) =>
    number(name, at(name), integer);
  const outcome = (name: (typeof INSPECTORATE_COLUMNS)[number]) => {
    const value = at(name);
    if (value === '') return null;
    if (value === INSPECTORATE_OUTCOMES.above) return 'above' as const;
    if (value === INSPECTORATE_OUTCOMES.below) return 'below' as const;
    errors.push({ line: row.line, column: name, value });
    return null;
  };
  const ovt = at('ovt').toUpperCase();
  const [brinCode = '', locationCode = '', ...rest] = ovt.split('|').map((part) => part.trim());
  if (brinCode === '' || locationCode === '' || rest.length > 0) {
    errors.push({ line: row.line, column: 'ovt', value: at('ovt') });
    return null;
  }
  const years: InspectorateYear[] = columns.years.map((year) => {
    const yy = `${String(year.calendarYear % 100).padStart(2, '0')}${String((year.calendarYear + 1) % 100).padStart(2, '0')}`;
    return {
      calendarYear: year.calendarYear,
      share1F: number(`Gemiddelde %1F ${yy}`, text(year.share1F)),
      shareTarget: number(`Gemiddelde %1S/2F ${yy}`, text(year.shareTarget)),
      pupilCount: number(`Aantal leerlingen ${yy}`, text(year.pupils), true),
    };
  });
  const category = at('Schoolwegingscategorie');
  return {
    ovt: `${brinCode}|${locationCode}`,
    brinCode,
    locationCode,
    years,
    schoolweging: fixedNumber('Schoolweging'),
    schoolwegingCategory: category === '' ? null : category,
    signal1F: fixedNumber('Signaleringswaarde 1F'),
    signalTarget: fixedNumber('Signaleringswaarde 1S/2F'),
    weighted1F: fixedNumber('Gewogen driejaarsgemiddelde %1F'),
    weightedTarget: fixedNumber('Gewogen driejaarsgemiddelde %1S/2F'),
    totalPupils: fixedNumber('Totaal aantal leerlingen 3 jaar', true),
    outcome1F: outcome('Uitkomst indicator 1F'),
    outcomeTarget: outcome('Uitkomst indicator 1S/2F'),
  };
}

/** The header is the first row that has an `ovt` column (a sheet may start with a title line). */
export function parseInspectorateTable(rows: readonly TableRow[]): ParsedFile {
  const headerIndex = rows.findIndex((row) => row.cells.some((cell) => normalise(cell) === 'ovt'));
  const header = rows[headerIndex];
  if (!header) {
    throw new UploadRefused(
      'not_inspectorate',
      "The file's Data sheet has no ovt column.",
      { detail: 'ovt' },
      1,
    );
  }
  const columns = columnsOf(header.cells);
  const cellErrors: CellError[] = [];
  const parsed: ParsedRow[] = [];
  const seen = new Set<string>();
  for (const row of rows.slice(headerIndex + 1)) {
    const figures = readRow(row, columns, cellErrors);
    if (!figures) continue;
    if (seen.has(figures.ovt)) {
      cellErrors.push({ line: row.line, column: 'ovt', value: figures.ovt });
      continue;
    }
    seen.add(figures.ovt);
    parsed.push({ line: row.line, figures });
  }
  return { calendarYears: columns.years.map((year) => year.calendarYear), rows: parsed, cellErrors };
}
