import type { UploadCount } from '@leerzicht/contract';
import type { Db } from '../../../db/client';
import type { ImportFile, ImportPlan, ImportTarget, Importer, ReadFile } from '../importer';
import type { ReadDeadline } from '../read-limits';
import { commonSchoolYear, INVALID, parseDate, parseMoment, schoolYearOfIso, todayIso } from './cells';
import {
  detectDoorstroomtoetsLayout,
  isDoorstroomtoetsHeader,
  planDoorstroomtoets,
  type DoorstroomtoetsColumns,
} from './doorstroomtoets';
import { detectKeptLayout, type DetectedLayout, type NationalField } from './layouts';
import { enrolmentKey, loadEnrolments, loadPupilIndex, matchPupil } from './pupil-match';
import { insertNationalScores, loadStoredScores, updateNationalScores } from './repository';
import { RowErrors } from './row-errors';
import { nationalScoreKey, type NationalScoreRow } from './score-row';
import { EMPTY_SCORE, readScoreFields, type FieldProblem, type NationalScoreFields } from './score-fields';
import { decidedColumns, rowSignature } from './signature';
import { readWholeTable, type TableLayout, type TableRow } from './table-file';
import { TestCatalog } from './test-catalog';

/*
 * National test results (CITO, DIA, IEP; CSV or XLSX), and doorstroomtoets results in their own layout
 * (doorstroomtoets.ts, recognised by its header): each score row is matched to a pupil of the school by key or
 * ECK-iD, to a test of the catalogue, to the pupil's group in the school year of the test date, validated, and
 * compared with the school's existing results of the same pupil, test, school year and moment.
 */

/** A valid row and its line. Fields the file has no column for hold their empty value (they are not compared). */
interface PlannedRow {
  line: number;
  row: NationalScoreRow;
}

export const nationalResultsImporter: Importer = {
  kind: 'NATIONAL_RESULTS',
  async read(file: ImportFile, deadline: ReadDeadline): Promise<ReadFile> {
    const { layout, rows } = await readWholeTable(file, deadline, detectAnyLayout);
    if (layout.kind === 'doorstroomtoets') {
      const columns = layout.columns;
      return { plan: (tx, target) => planDoorstroomtoets(tx, target, columns, rows) };
    }
    const detected = layout.detected;
    return { plan: (tx, target) => planNational(tx, target, detected, rows) };
  },
};

type AnyLayout =
  { kind: 'doorstroomtoets'; columns: DoorstroomtoetsColumns } | { kind: 'scores'; detected: DetectedLayout };

/** A doorstroomtoets file by its three domain columns (doorstroomtoets.ts), else a provider's score export. */
function detectAnyLayout(header: string[]): TableLayout<AnyLayout> {
  if (isDoorstroomtoetsHeader(header)) {
    const { layout, columns } = detectDoorstroomtoetsLayout(header);
    return { layout: { kind: 'doorstroomtoets', columns: layout }, columns };
  }
  const { layout, columns } = detectKeptLayout(header);
  return { layout: { kind: 'scores', detected: layout }, columns };
}

async function planNational(
  tx: Db,
  target: ImportTarget,
  detected: DetectedLayout,
  rows: readonly TableRow[],
): Promise<ImportPlan> {
  const errors = new RowErrors();
  const pupilIndex = await loadPupilIndex(tx, target.schoolId);
  const enrolments = await loadEnrolments(tx, target.schoolId);
  const catalog = await TestCatalog.load(tx);
  const reader = new NationalRowReader(
    detected,
    pupilIndex,
    enrolments,
    catalog,
    errors,
    todayIso(target.now),
  );
  const planned: PlannedRow[] = [];
  const firstLineOf = new Map<string, number>();
  for (const tableRow of rows) {
    const row = reader.read(tableRow);
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
  const decided = decidedColumns(detected.columns);
  const stored = await loadStoredScores(tx, target.schoolId, years, decided);
  const inserts: NationalScoreRow[] = [];
  const updates: { id: number; row: NationalScoreRow }[] = [];
  const results: UploadCount = { add: 0, change: 0, unchanged: 0 };
  for (const { row } of planned) {
    const current = stored.get(nationalScoreKey(row));
    if (!current) {
      inserts.push(row);
      results.add++;
    } else if (current.signature === rowSignature(row, decided)) {
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
      await insertNationalScores(writeTx, target.schoolId, inserts);
      await updateNationalScores(writeTx, target.schoolId, updates, decided);
    },
  };
}

/**
 * Reads the data rows of one file into results to compare, adding every problem of a row to the errors. One reader
 * per file, its methods shared by all rows (no closures made per row: a file can have 200,000 rows).
 */
class NationalRowReader {
  private line = 0;
  private cells: readonly string[] = [];
  private failed = false;

  constructor(
    private readonly detected: DetectedLayout,
    private readonly pupilIndex: Awaited<ReturnType<typeof loadPupilIndex>>,
    private readonly enrolments: Awaited<ReturnType<typeof loadEnrolments>>,
    private readonly catalog: TestCatalog,
    private readonly errors: RowErrors,
    private readonly today: string,
  ) {}

  /** A cell's trimmed text, or undefined when the file has no column for the field. */
  readonly cell = (field: NationalField): string | undefined => {
    const index = this.detected.columns.get(field);
    return index === undefined ? undefined : (this.cells[index] ?? '').trim();
  };

  private fail(
    field: NationalField | null,
    code: string,
    message: string,
    values: Record<string, string | number> = {},
  ): void {
    this.failed = true;
    const header = field === null ? null : (this.detected.layout.columns[field][0] ?? field);
    this.errors.add(this.line, header, code, message, values);
  }

  /** One data row as a result to compare, or null after adding its errors (every problem of the row is listed). */
  read({ line, cells }: TableRow): PlannedRow | null {
    this.line = line;
    this.cells = cells;
    this.failed = false;
    const { provider } = this.detected.layout;

    const key = this.cell('pupilKey') ?? '';
    const eckId = this.cell('eckId') ?? '';
    const match = matchPupil(this.pupilIndex, key, eckId);
    if (!match.ok) this.fail(match.field, match.code, match.message, { key, eckId });

    const dateText = this.cell('date') ?? '';
    const date = parseDate(dateText, this.today);
    if (date === INVALID || date === null) {
      this.fail('date', 'invalid_date', `"${dateText}" is not a test date (DD-MM-YYYY, not in the future)`, {
        value: dateText,
      });
    }
    const momentText = this.cell('moment') ?? '';
    const moment = parseMoment(momentText);
    if (moment === INVALID || moment === null) {
      this.fail('moment', 'invalid_moment', `"${momentText}" is not a test moment (B, M, E or X)`, {
        value: momentText,
      });
    }
    const fields: Partial<NationalScoreFields> = {};
    const problems: FieldProblem[] = [];
    readScoreFields(this.cell, provider, fields, problems);
    for (const problem of problems) this.fail(problem.field, problem.code, problem.message, problem.values);
    if (problems.length === 0 && !hasScore(fields)) this.fail(null, 'no_score', 'The row has no score');
    if (!match.ok || date === INVALID || date === null || moment === INVALID || moment === null) return null;

    const calendarYear = schoolYearOfIso(date);
    const enrolment = this.enrolments.get(enrolmentKey(match.pupilId, calendarYear));
    if (!enrolment) {
      this.fail(
        'pupilKey',
        'pupil_not_in_group',
        `The pupil was in no group of the school in ${calendarYear}`,
        {
          key,
          calendarYear,
        },
      );
      return null;
    }
    const testText = this.cell('test') ?? '';
    const versionText = this.cell('version') ?? '';
    const choice = this.catalog.choose(
      provider,
      testText,
      versionText === '' ? null : versionText,
      enrolment.grade,
      moment,
    );
    if (!choice.ok) this.fail('test', choice.code, choice.message, { test: testText, version: versionText });
    if (this.failed || !choice.ok) return null;

    const { test } = choice;
    const row: NationalScoreRow = {
      ...EMPTY_SCORE,
      pupilId: match.pupilId,
      nationalTestId: test.id,
      subjectId: test.subjectId,
      providerId: test.providerId,
      calendarYear,
      yearTime: moment,
      yearClassId: enrolment.yearClassId,
      grade: enrolment.grade,
      testDate: date,
    };
    Object.assign(row, fields);
    return { line, row };
  }
}

function hasScore(fields: Partial<NationalScoreFields>): boolean {
  for (const name of SCORE_FIELD_NAMES) if (fields[name] !== undefined && fields[name] !== null) return true;
  return false;
}

const SCORE_FIELD_NAMES = (Object.keys(EMPTY_SCORE) as (keyof NationalScoreFields)[]).filter(
  (name) => name !== 'dleAboveScale',
);
