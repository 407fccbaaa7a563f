import type { UploadCount } from '@leerzicht/contract';
import type { Db } from '../../../db/client';
import type { ImportFile, ImportPlan, ImportTarget, Importer } from '../importer';
import { commonSchoolYear, INVALID, parseDate, parseMoment, schoolYearOfIso, todayIso } from './cells';
import { detectLayout, type DetectedLayout, type NationalField } from './layouts';
import { enrolmentKey, loadEnrolments, loadPupilIndex, matchPupil } from './pupil-match';
import {
  insertNationalScores,
  loadExistingScores,
  nationalScoreKey,
  updateNationalScores,
  type ExistingNationalScore,
  type NationalScoreRow,
} from './repository';
import { RowErrors } from './row-errors';
import { EMPTY_SCORE, readScoreFields, type NationalScoreFields } from './score-fields';
import { readTable, type TableRow } from './table-file';
import { TestCatalog } from './test-catalog';

/*
 * National test results (CITO, DIA, IEP; CSV or XLSX): each row is matched to a pupil of the school by key or
 * ECK-iD, to a test of the catalogue, to the pupil's group in the school year of the test date, validated, and
 * compared with the school's existing results of the same pupil, test, school year and moment.
 */

/** A valid row: the fields the file gives (absent columns are left out) and its line. */
interface PlannedRow {
  line: number;
  row: NationalScoreRow;
  given: Partial<NationalScoreFields>;
}

export const nationalResultsImporter: Importer = {
  kind: 'NATIONAL_RESULTS',
  async plan(tx: Db, target: ImportTarget, file: ImportFile): Promise<ImportPlan> {
    const errors = new RowErrors();
    const rows = readTable(file);
    let detected: DetectedLayout;
    try {
      // readTable refuses an empty file, so the first row is the header.
      const first = await rows.next();
      detected = detectLayout(first.done ? [] : first.value.cells);
    } catch (error) {
      await rows.return(undefined);
      throw error;
    }
    const [pupilIndex, enrolments, catalog] = await Promise.all([
      loadPupilIndex(tx, target.schoolId),
      loadEnrolments(tx, target.schoolId),
      TestCatalog.load(tx),
    ]);
    const context = { detected, pupilIndex, enrolments, catalog, errors, today: todayIso(target.now) };
    const planned: PlannedRow[] = [];
    const firstLineOf = new Map<string, number>();
    for await (const tableRow of rows) {
      const row = readRow(context, tableRow);
      if (!row) continue;
      const key = nationalScoreKey(row.row);
      const earlier = firstLineOf.get(key);
      if (earlier !== undefined) {
        errors.add(
          row.line,
          null,
          'duplicate_row',
          `The same pupil, test and moment is already on line ${earlier}`,
          { firstLine: earlier },
        );
        continue;
      }
      firstLineOf.set(key, row.line);
      planned.push(row);
    }

    const years = [...new Set(planned.map((p) => p.row.calendarYear))];
    const existing = await loadExistingScores(tx, target.schoolId, years);
    const inserts: NationalScoreRow[] = [];
    const updates: ExistingNationalScore[] = [];
    const results: UploadCount = { add: 0, change: 0, unchanged: 0 };
    for (const { row, given } of planned) {
      const current = existing.get(nationalScoreKey(row));
      if (!current) {
        inserts.push(row);
        results.add++;
        continue;
      }
      const next: ExistingNationalScore = { ...current, ...given, ...placement(row), id: current.id };
      if (sameScore(current, next)) results.unchanged++;
      else {
        updates.push(next);
        results.change++;
      }
    }
    return {
      calendarYear: commonSchoolYear(years),
      counts: { results },
      errors: errors.list,
      errorCount: errors.count,
      async write(writeTx: Db) {
        await insertNationalScores(writeTx, target.schoolId, inserts);
        await updateNationalScores(writeTx, target.schoolId, updates);
      },
    };
  },
};

interface RowContext {
  detected: DetectedLayout;
  pupilIndex: Awaited<ReturnType<typeof loadPupilIndex>>;
  enrolments: Awaited<ReturnType<typeof loadEnrolments>>;
  catalog: TestCatalog;
  errors: RowErrors;
  today: string;
}

/** One data row as a result to compare, or null after adding its errors (every problem of the row is listed). */
function readRow(context: RowContext, { line, cells }: TableRow): PlannedRow | null {
  const { detected, errors } = context;
  const { layout, columns } = detected;
  const cell = (field: NationalField): string | undefined => {
    const index = columns.get(field);
    return index === undefined ? undefined : (cells[index] ?? '').trim();
  };
  const header = (field: NationalField) => layout.columns[field][0] ?? field;
  let failed = false;
  const fail = (field: NationalField | null, code: string, message: string, values = {}) => {
    failed = true;
    errors.add(line, field === null ? null : header(field), code, message, values);
  };

  const key = cell('pupilKey') ?? '';
  const eckId = cell('eckId') ?? '';
  const match = matchPupil(context.pupilIndex, key, eckId);
  if (!match.ok) fail(key === '' ? 'eckId' : 'pupilKey', match.code, match.message, { key, eckId });

  const dateText = cell('date') ?? '';
  const date = parseDate(dateText, context.today);
  if (date === INVALID || date === null) {
    fail('date', 'invalid_date', `"${dateText}" is not a test date (DD-MM-YYYY, not in the future)`, {
      value: dateText,
    });
  }
  const momentText = cell('moment') ?? '';
  const moment = parseMoment(momentText);
  if (moment === INVALID || moment === null) {
    fail('moment', 'invalid_moment', `"${momentText}" is not a test moment (B, M, E or X)`, {
      value: momentText,
    });
  }
  const { fields, problems } = readScoreFields(cell, layout.provider);
  for (const problem of problems) fail(problem.field, problem.code, problem.message, problem.values);
  const hasScore = Object.entries(fields).some(([name, value]) => name !== 'dleAboveScale' && value !== null);
  if (problems.length === 0 && !hasScore) fail(null, 'no_score', 'The row has no score');
  if (!match.ok || date === INVALID || date === null || moment === INVALID || moment === null) return null;

  const calendarYear = schoolYearOfIso(date);
  const enrolment = context.enrolments.get(enrolmentKey(match.pupilId, calendarYear));
  if (!enrolment) {
    fail('pupilKey', 'pupil_not_in_group', `The pupil was in no group of the school in ${calendarYear}`, {
      key,
      calendarYear,
    });
    return null;
  }
  const testText = cell('test') ?? '';
  const versionText = cell('version') ?? '';
  const choice = context.catalog.choose(
    layout.provider,
    testText,
    versionText === '' ? null : versionText,
    enrolment.grade,
    moment,
  );
  if (!choice.ok) fail('test', choice.code, choice.message, { test: testText, version: versionText });
  if (failed || !choice.ok) return null;

  const { test } = choice;
  return {
    line,
    given: fields,
    row: {
      ...EMPTY_SCORE,
      ...fields,
      pupilId: match.pupilId,
      nationalTestId: test.id,
      subjectId: test.subjectId,
      providerId: test.providerId,
      calendarYear,
      yearTime: moment,
      yearClassId: enrolment.yearClassId,
      grade: enrolment.grade,
      testDate: date,
    },
  };
}

/** What the file decides about a result besides its scores: the date and the pupil's group then. */
function placement(row: NationalScoreRow) {
  return { testDate: row.testDate, yearClassId: row.yearClassId, grade: row.grade };
}

/** Ability scores are stored as `real`: compared at that precision, a re-imported 123.7 is unchanged. */
function sameScore(a: ExistingNationalScore, b: ExistingNationalScore): boolean {
  const real = (value: number | null) => (value === null ? null : Math.fround(value));
  return (
    a.testDate === b.testDate &&
    a.yearClassId === b.yearClassId &&
    a.grade === b.grade &&
    a.levelValue === b.levelValue &&
    real(a.abilityScore) === real(b.abilityScore) &&
    a.percentile === b.percentile &&
    a.alphabetical === b.alphabetical &&
    a.roman === b.roman &&
    a.functionalLevel === b.functionalLevel &&
    a.dle === b.dle &&
    a.dleAboveScale === b.dleAboveScale &&
    a.referenceLevel === b.referenceLevel &&
    a.projectedReferenceLevel === b.projectedReferenceLevel
  );
}
