import {
  DOORSTROOMTOETS_EARLIEST_DATE,
  OUTFLOW_ADVICES,
  REFERENCE_RESULTS,
  type DoorstroomtoetsTest,
  type OutflowAdvice,
  type ReferenceResult,
  type UploadCount,
} from '@leerzicht/contract';
import type { Db } from '../../../db/client';
import { UploadRefused, type ImportPlan, type ImportTarget } from '../importer';
import { commonSchoolYear, INVALID, normalizeHeader, parseDate, schoolYearOfIso, todayIso } from './cells';
import {
  insertDoorstroomtoetsRows,
  loadStoredDoorstroomtoets,
  updateDoorstroomtoetsRows,
  type DoorstroomtoetsRow,
} from './doorstroomtoets-repository';
import { loadPupilIndex, matchPupil } from './pupil-match';
import { RowErrors } from './row-errors';
import { keptColumns, type TableLayout, type TableRow } from './table-file';

/*
 * Doorstroomtoets results (docs/uploads/doorstroomtoets.md): one row per pupil and test, the pupil by key or ECK-iD
 * as in the other national layouts, the test, its date, the reference level reached in lezen, taalverzorging and
 * rekenen, and optionally the test's advice. Recognised by its three domain columns; uploaded as national results.
 * A row replaces the stored result of the same pupil, test and date (its levels and advice), so that uploading the
 * same file again changes nothing.
 */

export const DOORSTROOMTOETS_FIELDS = [
  'pupilKey',
  'eckId',
  'test',
  'date',
  'lezen',
  'taalverzorging',
  'rekenen',
  'advice',
] as const;
export type DoorstroomtoetsField = (typeof DOORSTROOMTOETS_FIELDS)[number];

/** Per field its header as documented first, then the other names it is known by. */
export const DOORSTROOMTOETS_COLUMNS: Record<DoorstroomtoetsField, readonly string[]> = {
  pupilKey: ['Leerlingnummer', 'Leerling ID', 'Leerling_sleutel'],
  eckId: ['ECK-iD', 'ECK ID', 'ECKiD', 'eck_id'],
  test: ['Toets', 'Doorstroomtoets'],
  date: ['Afnamedatum', 'Datum'],
  lezen: ['Lezen'],
  taalverzorging: ['Taalverzorging'],
  rekenen: ['Rekenen'],
  advice: ['Toetsadvies', 'Advies'],
};

/** The headers that make a file a doorstroomtoets file: no other national layout has them. */
const SIGNATURE = ['Lezen', 'Taalverzorging', 'Rekenen'] as const;

export type DoorstroomtoetsColumns = Map<DoorstroomtoetsField, number>;

/** Whether a header row is that of the doorstroomtoets layout. */
export function isDoorstroomtoetsHeader(header: readonly string[]): boolean {
  const names = new Set(header.map(normalizeHeader));
  return SIGNATURE.every((name) => names.has(normalizeHeader(name)));
}

/** The layout's columns, numbered as readWholeTable keeps them; refuses a file missing a required column. */
export function detectDoorstroomtoetsLayout(header: readonly string[]): TableLayout<DoorstroomtoetsColumns> {
  const positions = new Map<string, number>();
  header.forEach((name, index) => {
    const key = normalizeHeader(name);
    if (key !== '' && !positions.has(key)) positions.set(key, index);
  });
  const found: DoorstroomtoetsColumns = new Map();
  for (const field of DOORSTROOMTOETS_FIELDS) {
    for (const name of DOORSTROOMTOETS_COLUMNS[field]) {
      const position = positions.get(normalizeHeader(name));
      if (position !== undefined) {
        found.set(field, position);
        break;
      }
    }
  }
  const missing = (field: DoorstroomtoetsField) => {
    const column = DOORSTROOMTOETS_COLUMNS[field][0] ?? field;
    return new UploadRefused(
      'missing_column',
      `The doorstroomtoets file has no column "${column}"`,
      { column, provider: 'doorstroomtoets' },
      1,
    );
  };
  if (!found.has('pupilKey') && !found.has('eckId')) throw missing('pupilKey');
  for (const field of ['test', 'date', 'lezen', 'taalverzorging', 'rekenen'] as const) {
    if (!found.has(field)) throw missing(field);
  }
  const kept = keptColumns(found.values());
  return {
    layout: new Map([...found].map(([field, index]) => [field, kept.at(index)])),
    columns: kept.columns,
  };
}

const compact = (text: string) => text.toLowerCase().replace(/[^a-z0-9<]/g, '');

/** The test's common spellings, compacted (lower case, letters and digits only). */
const TEST_NAMES: Record<string, DoorstroomtoetsTest> = {
  cito: 'CITO',
  centraleeindtoets: 'CITO',
  citoeindtoets: 'CITO',
  citodoorstroomtoets: 'CITO',
  leerlinginbeeld: 'CITO',
  citoleerlinginbeeld: 'CITO',
  iep: 'IEP',
  iepeindtoets: 'IEP',
  iepdoorstroomtoets: 'IEP',
  route8: 'ROUTE8',
  route8eindtoets: 'ROUTE8',
  route8doorstroomtoets: 'ROUTE8',
  dia: 'DIA',
  diaeindtoets: 'DIA',
  diadoorstroomtoets: 'DIA',
  diatoets: 'DIA',
  amn: 'AMN',
  amneindtoets: 'AMN',
  amndoorstroomtoets: 'AMN',
  amnterugblik: 'AMN',
  other: 'OTHER',
  anders: 'OTHER',
  andere: 'OTHER',
  overig: 'OTHER',
  overige: 'OTHER',
};

export function parseDoorstroomtoetsTest(text: string): DoorstroomtoetsTest | null {
  return TEST_NAMES[compact(text)] ?? null;
}

const LEVELS: Record<string, ReferenceResult> = {
  ...Object.fromEntries(REFERENCE_RESULTS.map((level) => [compact(level), level])),
  onder1f: '<1F',
  lagerdan1f: '<1F',
  niveau1f: '1F',
  niveau2f: '2F',
  niveau1s: '1S',
};

export function parseLevel(text: string): ReferenceResult | null {
  return LEVELS[compact(text)] ?? null;
}

const ADVICES: Record<string, OutflowAdvice> = {
  ...Object.fromEntries(OUTFLOW_ADVICES.map((advice) => [compact(advice), advice])),
  praktijkonderwijs: 'PrO',
  vmbobasis: 'VMBO-BB',
  vmbokader: 'VMBO-KB',
  vmbogt: 'VMBO-GL/TL',
  vmbotl: 'VMBO-GL/TL',
  vmbogl: 'VMBO-GL/TL',
  vmbogthavo: 'VMBO-TL/HAVO',
  vmbogltlhavo: 'VMBO-TL/HAVO',
  atheneum: 'VWO',
  gymnasium: 'VWO',
};

export function parseAdvice(text: string): OutflowAdvice | null {
  return ADVICES[compact(text)] ?? null;
}

const resultKey = (row: { pupilId: number; test: string; testDate: string }) =>
  `${row.pupilId}:${row.test}:${row.testDate}`;

/** The plan of a doorstroomtoets file: every row checked, matched and compared with the stored results. */
export async function planDoorstroomtoets(
  tx: Db,
  target: ImportTarget,
  columns: DoorstroomtoetsColumns,
  rows: readonly TableRow[],
): Promise<ImportPlan> {
  const errors = new RowErrors();
  const pupilIndex = await loadPupilIndex(tx, target.schoolId);
  const today = todayIso(target.now);
  const hasAdvice = columns.has('advice');
  const planned: DoorstroomtoetsRow[] = [];
  const firstLineOf = new Map<string, number>();

  for (const { line, cells } of rows) {
    const cell = (field: DoorstroomtoetsField) => {
      const index = columns.get(field);
      return index === undefined ? '' : (cells[index] ?? '').trim();
    };
    let failed = false;
    const fail = (field: DoorstroomtoetsField | null, code: string, message: string, values = {}) => {
      failed = true;
      errors.add(
        line,
        field === null ? null : (DOORSTROOMTOETS_COLUMNS[field][0] ?? field),
        code,
        message,
        values,
      );
    };

    const key = cell('pupilKey');
    const eckId = cell('eckId');
    const match = matchPupil(pupilIndex, key, eckId);
    if (!match.ok) fail(match.field, match.code, match.message, { key, eckId });

    const testText = cell('test');
    const test = parseDoorstroomtoetsTest(testText);
    if (test === null) {
      fail(
        'test',
        'invalid_value',
        `"${testText}" is not a doorstroomtoets (CITO, IEP, ROUTE 8, DIA, AMN or Anders)`,
        {
          value: testText,
        },
      );
    }

    const dateText = cell('date');
    const parsed = parseDate(dateText, today);
    const date =
      parsed === INVALID || parsed === null || parsed < DOORSTROOMTOETS_EARLIEST_DATE ? null : parsed;
    if (date === null) {
      fail(
        'date',
        'invalid_date',
        `"${dateText}" is not a test date (DD-MM-YYYY, from ${DOORSTROOMTOETS_EARLIEST_DATE}, not in the future)`,
        { value: dateText },
      );
    }

    const levels: Partial<Record<'lezen' | 'taalverzorging' | 'rekenen', ReferenceResult>> = {};
    for (const domain of ['lezen', 'taalverzorging', 'rekenen'] as const) {
      const text = cell(domain);
      const level = parseLevel(text);
      if (level === null) {
        fail(domain, 'invalid_value', `"${text}" is not a reference level (<1F, 1F, 2F or 1S)`, {
          value: text,
        });
      } else {
        levels[domain] = level;
      }
    }

    let advice: OutflowAdvice | null | undefined;
    if (hasAdvice) {
      const text = cell('advice');
      advice = text === '' ? null : parseAdvice(text);
      if (advice === null && text !== '') {
        fail('advice', 'invalid_value', `"${text}" is not a secondary-school advice`, { value: text });
      }
    }

    const { lezen, taalverzorging, rekenen } = levels;
    if (failed || !match.ok || test === null || date === null || !lezen || !taalverzorging || !rekenen)
      continue;
    const row: DoorstroomtoetsRow = {
      pupilId: match.pupilId,
      test,
      testDate: date,
      calendarYear: schoolYearOfIso(date),
      lezen,
      taalverzorging,
      rekenen,
      advice,
    };
    const earlier = firstLineOf.get(resultKey(row));
    if (earlier !== undefined) {
      errors.add(line, null, 'duplicate_row', `The same pupil, test and date is already on line ${earlier}`, {
        firstLine: earlier,
      });
      continue;
    }
    firstLineOf.set(resultKey(row), line);
    planned.push(row);
  }

  const years = [...new Set(planned.map((row) => row.calendarYear))];
  const stored = new Map<string, Awaited<ReturnType<typeof loadStoredDoorstroomtoets>>[number]>();
  // Lowest id first: where a pupil has the same test and date twice, the first entered is the one replaced.
  for (const row of await loadStoredDoorstroomtoets(tx, target.schoolId, years)) {
    if (!stored.has(resultKey(row))) stored.set(resultKey(row), row);
  }
  const inserts: DoorstroomtoetsRow[] = [];
  const updates: { id: number; row: DoorstroomtoetsRow }[] = [];
  const results: UploadCount = { add: 0, change: 0, unchanged: 0 };
  for (const row of planned) {
    const current = stored.get(resultKey(row));
    if (!current) {
      inserts.push(row);
      results.add++;
    } else if (
      current.lezen === row.lezen &&
      current.taalverzorging === row.taalverzorging &&
      current.rekenen === row.rekenen &&
      (row.advice === undefined || current.advice === row.advice)
    ) {
      results.unchanged++;
    } else {
      updates.push({ id: current.id, row });
      results.change++;
    }
  }
  return {
    calendarYear: commonSchoolYear(years),
    counts: { results },
    errors: errors.list,
    errorCount: errors.count,
    async write(writeTx: Db) {
      await insertDoorstroomtoetsRows(writeTx, target.schoolId, target.userId, inserts);
      await updateDoorstroomtoetsRows(
        writeTx,
        { schoolId: target.schoolId, userId: target.userId, now: target.now },
        updates,
      );
    },
  };
}
