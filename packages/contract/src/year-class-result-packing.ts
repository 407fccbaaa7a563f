import {
  yearClassResultSchema,
  type GroupMethodScore,
  type GroupMomentAggregate,
  type GroupNationalScore,
  type YearClassPupilResult,
  type YearClassResult,
  type YearClassResultAnswer,
} from './api/year-class-result';
import type { Moment, PupilApproach, ResultAggregate, ScoreNote } from './api/results';
import { momentKey } from './moments';
import { sortMoments } from './results-logic';
import { ALPHABETICAL_LEVELS, ROMAN_LEVELS } from './scores';

/*
 * The year class result travels compact (yearClassResultSchema): tests, method tests and moments once, the rows as
 * columns that refer to them. The server packs what the page reads (YearClassResult); the web unpacks it again.
 */

type Columns<T> = { [K in keyof T]: T[K][] };

/** The fields of a ResultAggregate, in the order the packed answers send them as columns. */
export const RESULT_AGGREGATE_KEYS = [
  'pupilCount',
  'meanAbilityScore',
  'meanPercentile',
  'meanLevelValue',
  'levels',
  'share1F',
  'shareTarget',
  'referenceCount',
  'referenceGrades',
  'nationalAbilityScore',
  'tests',
  'meanDleLag',
] as const satisfies readonly (keyof ResultAggregate)[];

/** Rows as columns: one array per key, in row order. */
export function toColumns<T extends object, K extends keyof T>(
  rows: readonly T[],
  keys: readonly K[],
): Columns<Pick<T, K>> {
  const columns: Partial<Columns<Pick<T, K>>> = {};
  for (const key of keys) columns[key] = rows.map((row) => row[key]);
  // Every key was given its column in the loop above.
  return columns as Columns<Pick<T, K>>;
}

/** Columns as rows; every column must have as many entries as the first. */
export function fromColumns<T extends object>(columns: Columns<T>): T[] {
  const keys = Object.keys(columns) as (keyof T)[];
  const length = keys.length === 0 ? 0 : columns[keys[0] as keyof T].length;
  for (const key of keys) {
    if (columns[key].length !== length)
      throw new Error(`column ${String(key)} has ${columns[key].length} of ${length} rows`);
  }
  const rows: T[] = [];
  for (let index = 0; index < length; index += 1) {
    const row: Partial<T> = {};
    for (const key of keys) row[key] = columns[key][index];
    // Every key of T was set from its column.
    rows.push(row as T);
  }
  return rows;
}

/** Items by a number key, in the items' order. */
function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const item of items) {
    const list = map.get(key(item));
    if (list) list.push(item);
    else map.set(key(item), [item]);
  }
  return map;
}

function entry<T>(list: readonly T[], index: number, what: string): T {
  const item = list[index];
  if (item === undefined) throw new Error(`${what} ${index} is not in the answer`);
  return item;
}

function byId<T extends { id: number }>(list: readonly T[], what: string): (id: number) => T {
  const map = new Map(list.map((item) => [item.id, item]));
  return (id) => {
    const item = map.get(id);
    if (!item) throw new Error(`${what} ${id} is not in the answer`);
    return item;
  };
}

const isRoman = (level: string): level is (typeof ROMAN_LEVELS)[number] =>
  ROMAN_LEVELS.some((roman) => roman === level);
const isLetter = (level: string): level is (typeof ALPHABETICAL_LEVELS)[number] =>
  ALPHABETICAL_LEVELS.some((letter) => letter === level);

/**
 * The national results as columns, in one pass: a group sends a few hundred, and copying each into an object of the
 * packed fields first (toColumns) was a noticeable share of the answer's time.
 */
function scoreColumns(
  scores: readonly GroupNationalScore[],
  momentOf: (item: Moment) => number,
): YearClassResultAnswer['scores'] {
  const columns: YearClassResultAnswer['scores'] = {
    id: [],
    pupilId: [],
    testId: [],
    moment: [],
    levelValue: [],
    abilityScore: [],
    percentile: [],
    level: [],
    functionalLevel: [],
    dle: [],
    referenceLevel: [],
    projectedReferenceLevel: [],
    growth: [],
    notCounted: [],
    dleAboveScale: [],
  };
  for (const score of scores) {
    columns.id.push(score.id);
    columns.pupilId.push(score.pupilId);
    columns.testId.push(score.nationalTestId);
    columns.moment.push(momentOf(score));
    columns.levelValue.push(score.levelValue);
    columns.abilityScore.push(score.abilityScore);
    columns.percentile.push(score.percentile);
    columns.level.push(score.roman ?? score.alphabetical);
    columns.functionalLevel.push(score.functionalLevel);
    columns.dle.push(score.dle);
    columns.referenceLevel.push(score.referenceLevel);
    columns.projectedReferenceLevel.push(score.projectedReferenceLevel);
    columns.growth.push(score.growth);
    if (!score.isCounted) columns.notCounted.push(score.id);
    if (score.dleAboveScale) columns.dleAboveScale.push(score.id);
  }
  return columns;
}

/** The method results as columns, in one pass (a copy of each with its `testId` first cost as much as the rest). */
function methodScoreColumns(scores: readonly GroupMethodScore[]): YearClassResultAnswer['methodScores'] {
  const columns: YearClassResultAnswer['methodScores'] = {
    id: [],
    pupilId: [],
    testId: [],
    calendarYear: [],
    score: [],
    performance: [],
    testDate: [],
  };
  for (const score of scores) {
    columns.id.push(score.id);
    columns.pupilId.push(score.pupilId);
    columns.testId.push(score.methodTestId);
    columns.calendarYear.push(score.calendarYear);
    columns.score.push(score.score);
    columns.performance.push(score.performance);
    columns.testDate.push(score.testDate);
  }
  return columns;
}

/** The answer of `GET /year_classes/{id}/result/` for what the page reads. */
export function packYearClassResult(result: YearClassResult): YearClassResultAnswer {
  const scores = result.pupils.flatMap((pupil) => pupil.scores);
  const methodScores = result.pupils.flatMap((pupil) => pupil.methodScores);
  const moments = sortMoments([
    ...new Map(
      [...scores, ...result.citoScores].map((item): [string, Moment] => [
        momentKey(item),
        { calendarYear: item.calendarYear, yearTime: item.yearTime },
      ]),
    ).values(),
  ]);
  const momentIndex = new Map(moments.map((moment, index) => [momentKey(moment), index]));
  const momentOf = (item: Moment) => momentIndex.get(momentKey(item)) ?? -1;
  const tests = new Map(
    scores.map((score) => [
      score.nationalTestId,
      {
        id: score.nationalTestId,
        subjectId: score.subjectId,
        providerId: score.providerId,
        provider: score.provider,
        version: score.testVersion,
      },
    ]),
  );
  const methodTests = new Map(
    methodScores.map((score) => [
      score.methodTestId,
      {
        id: score.methodTestId,
        name: score.methodTestName,
        methodId: score.methodId,
        methodName: score.methodName,
        subjectId: score.subjectId,
        grade: score.grade,
        block: score.block,
        maxScore: score.maxScore,
      },
    ]),
  );
  const approaches = result.pupils.flatMap((pupil) =>
    pupil.approaches.map((approach) => ({ pupilId: pupil.id, ...approach })),
  );
  return {
    group: result.group,
    subjects: result.subjects,
    pupils: result.pupils.map((pupil) => ({
      id: pupil.id,
      firstName: pupil.firstName,
      lastNamePrefix: pupil.lastNamePrefix,
      lastName: pupil.lastName,
      grade: pupil.grade,
      citoIsExcluded: pupil.citoIsExcluded,
      showOutflowProfile: pupil.showOutflowProfile,
    })),
    moments,
    tests: [...tests.values()],
    methodTests: [...methodTests.values()],
    scores: scoreColumns(scores, momentOf),
    methodScores: methodScoreColumns(methodScores),
    scoreNotes: result.pupils.flatMap((pupil) => [...pupil.citoNotes, ...pupil.methodNotes]),
    approaches: toColumns(approaches, ['pupilId', 'subjectId', 'calendarYear', 'approach', 'yearClassId']),
    citoScores: toColumns(
      result.citoScores.map((aggregate) => ({ ...aggregate, moment: momentOf(aggregate) })),
      ['subjectId', 'moment', ...RESULT_AGGREGATE_KEYS, 'meanGrowth'],
    ),
    testMomentNotes: result.testMomentNotes,
    methodTestNotes: result.methodTestNotes,
    approachesInfo: result.approachesInfo,
  };
}

/** What the page reads from the answer of `GET /year_classes/{id}/result/`. */
export function unpackYearClassResult(answer: YearClassResultAnswer): YearClassResult {
  const momentAt = (index: number) => entry(answer.moments, index, 'moment');
  const testOf = byId(answer.tests, 'test');
  const methodTestOf = byId(answer.methodTests, 'method test');
  const { notCounted, dleAboveScale, ...scoreColumns } = answer.scores;
  const uncounted = new Set(notCounted);
  const aboveScale = new Set(dleAboveScale);
  const scores = fromColumns(scoreColumns).map(({ testId, moment, level, ...score }): GroupNationalScore => {
    const test = testOf(testId);
    const { calendarYear, yearTime } = momentAt(moment);
    return {
      id: score.id,
      pupilId: score.pupilId,
      nationalTestId: testId,
      subjectId: test.subjectId,
      providerId: test.providerId,
      provider: test.provider,
      calendarYear,
      yearTime,
      levelValue: score.levelValue,
      abilityScore: score.abilityScore,
      percentile: score.percentile,
      alphabetical: level !== null && isLetter(level) ? level : null,
      roman: level !== null && isRoman(level) ? level : null,
      testVersion: test.version,
      functionalLevel: score.functionalLevel,
      dle: score.dle,
      dleAboveScale: aboveScale.has(score.id),
      referenceLevel: score.referenceLevel,
      projectedReferenceLevel: score.projectedReferenceLevel,
      isCounted: !uncounted.has(score.id),
      growth: score.growth,
    };
  });
  const methodScores = fromColumns(answer.methodScores).map(({ testId, ...score }): GroupMethodScore => {
    const test = methodTestOf(testId);
    return {
      id: score.id,
      pupilId: score.pupilId,
      methodTestId: testId,
      methodTestName: test.name,
      methodId: test.methodId,
      methodName: test.methodName,
      subjectId: test.subjectId,
      calendarYear: score.calendarYear,
      grade: test.grade,
      block: test.block,
      score: score.score,
      maxScore: test.maxScore,
      performance: score.performance,
      testDate: score.testDate,
    };
  });
  const scoresOf = groupBy(scores, (score) => score.pupilId);
  const methodOf = groupBy(methodScores, (score) => score.pupilId);
  const notesOf = groupBy<ScoreNote>(answer.scoreNotes, (note) => note.pupilId);
  const approachesOf = groupBy(fromColumns(answer.approaches), (approach) => approach.pupilId);
  const pupils = answer.pupils.map((pupil): YearClassPupilResult => {
    const notes = notesOf.get(pupil.id) ?? [];
    return {
      ...pupil,
      scores: scoresOf.get(pupil.id) ?? [],
      methodScores: methodOf.get(pupil.id) ?? [],
      methodNotes: notes.filter((note) => note.methodTestScoreId !== null),
      citoNotes: notes.filter((note) => note.citoTestScoreId !== null),
      approaches: (approachesOf.get(pupil.id) ?? []).map(
        ({ pupilId: _pupilId, ...approach }): PupilApproach => approach,
      ),
    };
  });
  const citoScores = fromColumns(answer.citoScores).map(({ moment, ...aggregate }): GroupMomentAggregate => ({
    ...aggregate,
    ...momentAt(moment),
  }));
  return {
    group: answer.group,
    subjects: answer.subjects,
    pupils,
    citoScores,
    testMomentNotes: answer.testMomentNotes,
    methodTestNotes: answer.methodTestNotes,
    approachesInfo: answer.approachesInfo,
  };
}

/** Parses an answer of `GET /year_classes/{id}/result/` and unpacks it (tests and scripts that read it raw). */
export function readYearClassResult(body: unknown): YearClassResult {
  return unpackYearClassResult(yearClassResultSchema.parse(body));
}
