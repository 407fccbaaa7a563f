import { PERFORMANCE_LETTERS, type PerformanceLetter, type UploadCount } from '@leerzicht/contract';
import type { Db } from '../../../db/client';
import type { ImportFile, ImportPlan, ImportTarget, Importer, ReadFile } from '../importer';
import {
  commonSchoolYear,
  INVALID,
  parseDate,
  parseNumber,
  parseWhole,
  schoolYearOfIso,
  todayIso,
} from '../national-results/cells';
import { enrolmentKey, loadEnrolments, loadPupilIndex, matchPupil } from '../national-results/pupil-match';
import { RowErrors } from '../national-results/row-errors';
import { readWholeTable, type TableRow } from '../national-results/table-file';
import type { ReadDeadline } from '../read-limits';
import { detectKeptMethodLayout, METHOD_COLUMNS, type MethodField, type MethodLayout } from './layout';
import { MethodCatalog } from './method-catalog';
import {
  allocateMethodScoreIds,
  deleteSectionScores,
  insertMethodScores,
  loadExistingMethodScores,
  methodScoreKey,
  updateMethodScores,
  upsertSectionScores,
  type MethodScoreRow,
  type SectionScore,
} from './repository';

/*
 * Method test results (CSV or XLSX, docs/uploads/method-results.md): each row is matched to a pupil by key or
 * ECK-iD, to a method test by method, grade and block, to the pupil's group in the school year of the test date,
 * and compared with the school's result of the same pupil, test and school year, section scores included.
 */

const PERFORMANCE_WORDS: Record<string, PerformanceLetter> = {
  g: 'G',
  goed: 'G',
  v: 'V',
  voldoende: 'V',
  m: 'M',
  matig: 'M',
  o: 'O',
  onvoldoende: 'O',
};

interface PlannedMethodRow {
  line: number;
  row: MethodScoreRow;
  /** Section scores by test section id; null where the file's section cell is empty (no score). */
  sections: Map<number, SectionScore | null>;
}

export const methodResultsImporter: Importer = {
  kind: 'METHOD_RESULTS',
  async read(file: ImportFile, deadline: ReadDeadline): Promise<ReadFile> {
    const { layout, rows } = await readWholeTable(file, deadline, detectKeptMethodLayout);
    return { plan: (tx, target) => planMethod(tx, target, layout, rows) };
  },
};

async function planMethod(
  tx: Db,
  target: ImportTarget,
  layout: MethodLayout,
  rows: readonly TableRow[],
): Promise<ImportPlan> {
  const errors = new RowErrors();
  const pupilIndex = await loadPupilIndex(tx, target.schoolId);
  const enrolments = await loadEnrolments(tx, target.schoolId);
  const catalog = await MethodCatalog.load(tx);
  const context = { layout, pupilIndex, enrolments, catalog, errors, today: todayIso(target.now) };
  const planned: PlannedMethodRow[] = [];
  const firstLineOf = new Map<string, number>();
  for (const tableRow of rows) {
    const row = readMethodRow(context, tableRow);
    if (!row) continue;
    const key = methodScoreKey(row.row);
    const earlier = firstLineOf.get(key);
    if (earlier !== undefined) {
      errors.add(
        row.line,
        null,
        'duplicate_row',
        `The same pupil and method test is already on line ${earlier}`,
        { firstLine: earlier },
      );
      continue;
    }
    firstLineOf.set(key, row.line);
    planned.push(row);
  }

  const years = [...new Set(planned.map((p) => p.row.calendarYear))];
  const existing = await loadExistingMethodScores(tx, target.schoolId, years);
  const inserts: PlannedMethodRow[] = [];
  const updates: { id: number; row: MethodScoreRow }[] = [];
  const sectionWrites: (SectionScore & { methodTestScoreId: number; pupilId: number })[] = [];
  const sectionDeletes: number[] = [];
  const results: UploadCount = { add: 0, change: 0, unchanged: 0 };
  for (const planRow of planned) {
    const current = existing.get(methodScoreKey(planRow.row));
    if (!current) {
      inserts.push(planRow);
      results.add++;
      continue;
    }
    const scoreChanged = !sameScore(current, planRow.row);
    if (scoreChanged) updates.push({ id: current.id, row: planRow.row });
    let sectionsChanged = false;
    for (const [sectionId, section] of planRow.sections) {
      const stored = current.sections.get(sectionId);
      if (section === null) {
        if (stored) {
          sectionDeletes.push(stored.id);
          sectionsChanged = true;
        }
      } else if (!stored || !sameSection(stored, section)) {
        sectionWrites.push({ ...section, methodTestScoreId: current.id, pupilId: planRow.row.pupilId });
        sectionsChanged = true;
      }
    }
    if (scoreChanged || sectionsChanged) results.change++;
    else results.unchanged++;
  }
  return {
    calendarYear: commonSchoolYear(years),
    counts: { results },
    errors: errors.list,
    errorCount: errors.count,
    async write(writeTx: Db) {
      const ids = await allocateMethodScoreIds(writeTx, inserts.length);
      const newScores = inserts.map((planRow, index) => ({ id: ids[index] ?? 0, row: planRow.row }));
      await insertMethodScores(writeTx, target.schoolId, newScores);
      await updateMethodScores(writeTx, target.schoolId, updates);
      const newSections = inserts.flatMap((planRow, index) =>
        [...planRow.sections.values()].flatMap((section) =>
          section === null
            ? []
            : [{ ...section, methodTestScoreId: ids[index] ?? 0, pupilId: planRow.row.pupilId }],
        ),
      );
      await upsertSectionScores(writeTx, target.schoolId, [...newSections, ...sectionWrites]);
      await deleteSectionScores(writeTx, target.schoolId, sectionDeletes);
    },
  };
}

interface MethodRowContext {
  layout: MethodLayout;
  pupilIndex: Awaited<ReturnType<typeof loadPupilIndex>>;
  enrolments: Awaited<ReturnType<typeof loadEnrolments>>;
  catalog: MethodCatalog;
  errors: RowErrors;
  today: string;
}

function readMethodRow(context: MethodRowContext, { line, cells }: TableRow): PlannedMethodRow | null {
  const { layout, errors } = context;
  const cell = (field: MethodField): string => {
    const index = layout.columns.get(field);
    return index === undefined ? '' : (cells[index] ?? '').trim();
  };
  const header = (field: MethodField) => METHOD_COLUMNS[field][0] ?? field;
  let failed = false;
  const fail = (field: string | null, code: string, message: string, values = {}) => {
    failed = true;
    errors.add(line, field, code, message, values);
  };

  const key = cell('pupilKey');
  const eckId = cell('eckId');
  const match = matchPupil(context.pupilIndex, key, eckId);
  if (!match.ok) fail(header(match.field), match.code, match.message, { key, eckId });

  const dateText = cell('date');
  const date = parseDate(dateText, context.today);
  if (date === INVALID || date === null) {
    fail(header('date'), 'invalid_date', `"${dateText}" is not a test date (DD-MM-YYYY, not in the future)`, {
      value: dateText,
    });
  }
  const performanceText = cell('performance');
  const performance = PERFORMANCE_WORDS[performanceText.toLowerCase()];
  if (!performance || !(PERFORMANCE_LETTERS as readonly string[]).includes(performance)) {
    fail(header('performance'), 'invalid_value', `"${performanceText}" is not G, V, M or O`, {
      value: performanceText,
      expected: 'G, V, M, O',
    });
  }
  const gradeText = cell('grade');
  const blockText = cell('block');
  const grade = parseWhole(gradeText);
  const block = parseWhole(blockText);
  if (grade === INVALID || grade === null || grade < 1 || grade > 8) {
    fail(header('grade'), 'invalid_value', `"${gradeText}" is not a grade 1-8`, { value: gradeText });
  }
  if (block === INVALID || block === null) {
    fail(header('block'), 'invalid_value', `"${blockText}" is not a block number`, { value: blockText });
  }
  const methodText = cell('method');
  const choice =
    typeof grade === 'number' && typeof block === 'number'
      ? context.catalog.choose(methodText, grade, block)
      : null;
  if (choice && !choice.ok) fail(header('method'), choice.code, choice.message, { method: methodText });

  const scoreText = cell('score');
  const score = parseNumber(scoreText);
  if (score === INVALID || score === null) {
    fail(header('score'), 'invalid_value', `"${scoreText}" is not a score`, { value: scoreText });
  } else if (choice?.ok && (score < 0 || score > choice.test.maxScore)) {
    fail(header('score'), 'out_of_range', `${score} lies outside 0-${choice.test.maxScore}`, {
      value: score,
      min: 0,
      max: choice.test.maxScore,
    });
  }

  const sections = new Map<number, SectionScore | null>();
  if (choice?.ok) {
    for (const column of layout.sections) {
      const text = (cells[column.index] ?? '').trim();
      const section = choice.test.sections.get(column.code.toUpperCase());
      if (!section) {
        if (text !== '') {
          fail(column.header, 'unknown_section', `The test has no section "${column.code}"`, {
            section: column.code,
          });
        }
        continue;
      }
      const value = parseNumber(text);
      if (value === INVALID) {
        fail(column.header, 'invalid_value', `"${text}" is not a score`, { value: text });
      } else if (value !== null && (value < 0 || value > section.maxScore)) {
        fail(column.header, 'out_of_range', `${value} lies outside 0-${section.maxScore}`, {
          value,
          min: 0,
          max: section.maxScore,
        });
      } else {
        sections.set(
          section.id,
          value === null ? null : { testSectionId: section.id, score: value, maxScore: section.maxScore },
        );
      }
    }
  }
  if (!match.ok || date === INVALID || date === null) return null;
  const calendarYear = schoolYearOfIso(date);
  const enrolment = context.enrolments.get(enrolmentKey(match.pupilId, calendarYear));
  if (!enrolment) {
    fail(
      header('pupilKey'),
      'pupil_not_in_group',
      `The pupil was in no group of the school in ${calendarYear}`,
      {
        key,
        calendarYear,
      },
    );
    return null;
  }
  if (failed || !choice?.ok || !performance || score === INVALID || score === null) return null;
  return {
    line,
    sections,
    row: {
      pupilId: match.pupilId,
      methodTestId: choice.test.id,
      calendarYear,
      yearClassId: enrolment.yearClassId,
      subjectId: choice.test.subjectId,
      score,
      performance,
      testDate: date,
    },
  };
}

function sameScore(a: MethodScoreRow, b: MethodScoreRow): boolean {
  return (
    Math.fround(a.score) === Math.fround(b.score) &&
    a.performance === b.performance &&
    a.testDate === b.testDate &&
    a.yearClassId === b.yearClassId
  );
}

function sameSection(a: SectionScore, b: SectionScore): boolean {
  return Math.fround(a.score) === Math.fround(b.score) && a.maxScore === b.maxScore;
}
