import {
  schoolHistoryAnswerSchema,
  type Exam,
  type LevelCounts,
  type ResultAggregate,
  type SchoolHistory,
  type SchoolHistoryAnswer,
  type SubjectResult,
} from './api/results';
import { momentKey } from './moments';
import { fromColumns, RESULT_AGGREGATE_KEYS, toColumns } from './year-class-result-packing';

/*
 * The school history travels compact (schoolHistoryAnswerSchema): the exams as moments, the groups and the
 * distinct test lists once, and every aggregate (school, grade and group of each exam and subject) as a row of
 * columns that refers to them. The server packs what the page reads (SchoolHistory); the web unpacks it again.
 */

/** The levels I..V of an aggregate row, highest first. */
const LEVEL_KEYS = ['I', 'II', 'III', 'IV', 'V'] as const;

/** Level of an aggregate row: the whole school, one grade, one group. */
const SCHOOL = 0;
const GRADE = 1;
const GROUP = 2;

type AggregateRow = Omit<ResultAggregate, 'levels' | 'tests'> & {
  exam: number;
  subjectId: number;
  level: number;
  grade: number | null;
  group: number | null;
  levels: number[];
  tests: number;
};

const AGGREGATE_COLUMNS = [
  'exam',
  'subjectId',
  'level',
  'grade',
  'group',
  ...RESULT_AGGREGATE_KEYS,
] as const satisfies readonly (keyof AggregateRow)[];

/** Positions of distinct values by a key of theirs, in the order first met. */
class Table<T> {
  readonly items: T[] = [];
  private readonly index = new Map<string, number>();

  constructor(private readonly keyOf: (item: T) => string) {}

  indexOf(item: T): number {
    const key = this.keyOf(item);
    const known = this.index.get(key);
    if (known !== undefined) return known;
    this.items.push(item);
    this.index.set(key, this.items.length - 1);
    return this.items.length - 1;
  }
}

function entry<T>(list: readonly T[], index: number, what: string): T {
  const item = list[index];
  if (item === undefined) throw new Error(`${what} ${index} is not in the answer`);
  return item;
}

/** The answer of `GET /school_history/{id}/` for what the page reads. */
export function packSchoolHistory(history: SchoolHistory): SchoolHistoryAnswer {
  const groups = new Table<SchoolHistoryAnswer['groups'][number]>((group) =>
    JSON.stringify([group.id, group.name, group.grade]),
  );
  const testLists = new Table<ResultAggregate['tests']>((tests) =>
    JSON.stringify(tests.map((test) => [test.provider, test.version])),
  );
  const rows: AggregateRow[] = [];
  const add = (
    exam: number,
    subjectId: number,
    level: number,
    of: { grade: number | null; group: number | null },
    aggregate: ResultAggregate,
  ) =>
    rows.push({
      exam,
      subjectId,
      level,
      grade: of.grade,
      group: of.group,
      pupilCount: aggregate.pupilCount,
      meanAbilityScore: aggregate.meanAbilityScore,
      meanPercentile: aggregate.meanPercentile,
      meanLevelValue: aggregate.meanLevelValue,
      levels: LEVEL_KEYS.map((key) => aggregate.levels[key]),
      share1F: aggregate.share1F,
      shareTarget: aggregate.shareTarget,
      referenceCount: aggregate.referenceCount,
      referenceGrades: aggregate.referenceGrades,
      nationalAbilityScore: aggregate.nationalAbilityScore,
      tests: testLists.indexOf(aggregate.tests),
      meanDleLag: aggregate.meanDleLag,
    });
  history.exams.forEach((exam, examIndex) => {
    for (const result of exam.results) {
      add(examIndex, result.subjectId, SCHOOL, { grade: null, group: null }, result.school);
      for (const { grade, ...aggregate } of result.grades)
        add(examIndex, result.subjectId, GRADE, { grade, group: null }, aggregate);
      for (const { yearClassId, yearClassName, grade, ...aggregate } of result.yearClasses) {
        const group = groups.indexOf({ id: yearClassId, name: yearClassName, grade });
        add(examIndex, result.subjectId, GROUP, { grade: null, group }, aggregate);
      }
    }
  });
  return {
    schoolId: history.schoolId,
    calendarYears: history.calendarYears,
    subjects: history.subjects,
    notes: history.notes,
    schoolAmbitions: history.schoolAmbitions,
    norms: history.norms,
    exams: history.exams.map((exam) => ({ calendarYear: exam.calendarYear, yearTime: exam.yearTime })),
    groups: groups.items,
    testLists: testLists.items,
    aggregates: toColumns(rows, AGGREGATE_COLUMNS),
  };
}

/** What the page reads from the answer of `GET /school_history/{id}/`. */
export function unpackSchoolHistory(answer: SchoolHistoryAnswer): SchoolHistory {
  const exams = answer.exams.map((moment): Exam => ({
    calendarYear: moment.calendarYear,
    yearTime: moment.yearTime,
    key: momentKey(moment),
    results: [],
  }));
  // Grade and group rows belong to the school row of their exam and subject just before them.
  let current: { exam: number; result: SubjectResult } | null = null;
  for (const row of fromColumns(answer.aggregates)) {
    const { exam, subjectId, level, grade, group, levels, tests, ...rest } = row;
    const aggregate: ResultAggregate = {
      ...rest,
      levels: levelCounts(levels),
      tests: entry(answer.testLists, tests, 'test list'),
    };
    if (level === SCHOOL) {
      const result: SubjectResult = { subjectId, school: aggregate, grades: [], yearClasses: [] };
      entry(exams, exam, 'exam').results.push(result);
      current = { exam, result };
      continue;
    }
    if (!current || current.exam !== exam || current.result.subjectId !== subjectId)
      throw new Error(`aggregate of exam ${exam} and subject ${subjectId} has no school aggregate before it`);
    if (level === GRADE && grade !== null) current.result.grades.push({ grade, ...aggregate });
    else if (level === GROUP && group !== null) {
      const { id, name, grade: groupGrade } = entry(answer.groups, group, 'group');
      current.result.yearClasses.push({
        yearClassId: id,
        yearClassName: name,
        grade: groupGrade,
        ...aggregate,
      });
    } else throw new Error(`aggregate of level ${level} has no grade or group`);
  }
  return {
    schoolId: answer.schoolId,
    calendarYears: answer.calendarYears,
    subjects: answer.subjects,
    exams,
    notes: answer.notes,
    schoolAmbitions: answer.schoolAmbitions,
    norms: answer.norms,
  };
}

function levelCounts(counts: readonly number[]): LevelCounts {
  const at = (index: number) => entry(counts, index, 'level count');
  return { I: at(0), II: at(1), III: at(2), IV: at(3), V: at(4) };
}

/** Parses an answer of `GET /school_history/{id}/` and unpacks it (tests and scripts that read it raw). */
export function readSchoolHistory(json: unknown): SchoolHistory {
  return unpackSchoolHistory(schoolHistoryAnswerSchema.parse(json));
}
