import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import {
  MOMENT_MONTH,
  monthsOfEducation,
  YEAR_TIME_ORDER,
  YEAR_TIMES,
  type TestProviderCode,
  type YearTime,
} from '@leerzicht/contract';
import type { nationalTestScores } from '../../db/schema/index';

/*
 * The SQL every score view shares; no other module writes SQL over national results (they call this module's typed
 * reads, index.ts). This file is where the server decides the score rules:
 * - provider priority: of a pupil's results for one subject and moment only the one of the provider with the lowest
 *   test_providers.priority counts (`is_counted`, a window in rankedScores); the web shows what `isCounted` marks;
 * - exam order B, M, X, E (yearTimeRank) and the date of a moment without a test date (momentDate), both built from
 *   the contract's tables (YEAR_TIME_ORDER, MOMENT_MONTH) so that server and web agree;
 * - time windows: `since` of rankedScores, applied before the previous result is looked up, so that growth only
 *   compares results the page shows; the window starts come from scoreWindows in service.ts;
 * - growth and mean ability never cross a change of test: the previous result is of the same provider and test
 *   version, and an aggregate over several tests has no mean ability (their scales differ);
 * - reference-level shares count only results that carry a reference result ('<1F' included);
 * - pupils excluded from national tests (pupils.cito_is_excluded) are left out of every aggregate (countedFilter,
 *   aggregate-sql.ts);
 * - which results a read covers: a ScoreScope of values, whose conditions are written here.
 */

/**
 * A group has goals (its test overview, and the menu item to it): a method result of the group belongs to a method
 * test whose sections carry a goal. `schoolId` and `yearClassId` are values, placeholders or the columns of an outer
 * query.
 */
export function groupHasGoals(
  schoolId: SQL | Placeholder | number,
  yearClassId: SQL | Placeholder | number,
): SQL {
  return sql`exists (select 1 from method_test_scores m
    join test_sections t on t.method_test_id = m.method_test_id
    where m.school_id = ${schoolId} and m.year_class_id = ${yearClassId} and t.goal_id is not null)`;
}

/** `column in (1, 2, 3)`, or false for an empty list. */
export function inIds(column: SQL, ids: readonly number[]): SQL {
  if (ids.length === 0) return sql`false`;
  return sql`${column} in (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/** `column` limited to a teacher's permitted groups; null (superusers and sencos): every group of the school. */
export function inGroups(column: SQL, groupIds: readonly number[] | null): SQL {
  return groupIds === null ? sql`true` : inIds(column, groupIds);
}

/** `(case <column> when 'B' then … end)` of a value per year time, taken from a table of the contract. */
function byYearTime(column: SQL, valueOf: (time: YearTime) => number): SQL {
  const whens = YEAR_TIMES.map((time) => sql.raw(`when '${time}' then ${valueOf(time)}`));
  return sql`(case ${column} ${sql.join(whens, sql` `)} end)`;
}

/** The rank of a year time in exam order (B, M, X, E) as SQL. */
export function yearTimeRank(column: SQL): SQL {
  return byYearTime(column, (time) => YEAR_TIME_ORDER[time]);
}

/** The approximate date of a moment, for results without a test date (the contract's momentDate, in SQL). */
function momentDate(calendarYear: SQL, yearTime: SQL): SQL {
  const yearOffset = byYearTime(yearTime, (time) => MOMENT_MONTH[time].yearOffset);
  const month = byYearTime(yearTime, (time) => MOMENT_MONTH[time].month + 1);
  return sql`make_date(${calendarYear} + ${yearOffset}, ${month}, 15)`;
}

/** The scope as rankedScores takes it: built from a ScoreScope (rankedScopeOf) or by this module's own reads. */
export interface RankedScope {
  /** The school, or its placeholder in a statement built once. */
  schoolId: number | Placeholder;
  /** Extra condition on `s` (national_test_scores) and `p` (pupils). */
  where?: SQL;
  /**
   * The placeholder of a time window: only results on or after its date ('YYYY-MM-DD'; moment date for results
   * without one), every result when its value is null.
   */
  since?: Placeholder;
}

/**
 * Which national results of a school a read covers, given as values: the scores module writes the conditions
 * (on `s`, national_test_scores, before any ranking: the provider that counts is chosen among the results in
 * scope). Fields left out do not limit the read.
 */
export interface ScoreScope {
  schoolId: number;
  /** Only these pupils' results. */
  pupilIds?: readonly number[];
  subjectId?: number;
  /** Only the results of the pupils enrolled in this group (in any of their school years). */
  pupilsOfGroup?: number;
  /** Only results at this grade (the pupil's grade at the test). */
  grade?: number;
  /** Only results of school years up to this one. */
  untilYear?: number;
  /** Only results taken in these groups (a teacher's permitted groups, at the time of the test); null: all. */
  groupIds?: readonly number[] | null;
}

/** The scope's conditions on `s` (true when it has none), in the order of its fields. */
function conditionsOf(scope: ScoreScope): SQL {
  const conditions: SQL[] = [];
  if (scope.pupilIds !== undefined) conditions.push(inIds(sql`s.pupil_id`, scope.pupilIds));
  if (scope.subjectId !== undefined) conditions.push(sql`s.subject_id = ${scope.subjectId}`);
  if (scope.pupilsOfGroup !== undefined)
    conditions.push(sql`s.pupil_id in (select m.pupil_id from year_class_pupils m
    where m.school_id = ${scope.schoolId} and m.year_class_id = ${scope.pupilsOfGroup})`);
  if (scope.grade !== undefined) conditions.push(sql`s.grade = ${scope.grade}`);
  if (scope.untilYear !== undefined) conditions.push(sql`s.calendar_year <= ${scope.untilYear}`);
  if (scope.groupIds !== undefined && scope.groupIds !== null)
    conditions.push(inGroups(sql`s.year_class_id`, scope.groupIds));
  return conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `);
}

/** The scope as rankedScores takes it. */
export function rankedScopeOf(scope: ScoreScope): RankedScope {
  return { schoolId: scope.schoolId, where: conditionsOf(scope) };
}

/** DL, the months of education at a result's grade and moment (the contract's monthsOfEducation), as SQL. */
function monthsOfEducationSql(grade: SQL, yearTime: SQL): SQL {
  return sql`((${grade} - 3) * 10 + ${byYearTime(yearTime, (time) => monthsOfEducation(3, time))})`;
}

/**
 * The national results of some pupils of a school, for a statement built once (db/select-rows.ts, selectRowsOnce):
 * its values are the placeholders `schoolId`, `pupilIds` (an array: one statement for any number of pupils) and
 * `since` (only results from that date on; null: every result).
 */
export function pupilsPlaceholderScope(): RankedScope {
  return {
    schoolId: sql.placeholder('schoolId'),
    where: sql`s.pupil_id = any(${sql.placeholder('pupilIds')}::int[])`,
    since: sql.placeholder('since'),
  };
}

/**
 * The condition that puts a national result `s` (of pupil `p`) in scope: its school, the scope's own condition
 * and its time window.
 */
export function inScope(scope: RankedScope): SQL {
  const moment = momentDate(sql`s.calendar_year`, sql`s.year_time`);
  const since = scope.since
    ? sql`(${scope.since}::date is null or coalesce(s.test_date, ${moment}) >= ${scope.since}::date)`
    : sql`true`;
  return sql`s.school_id = ${scope.schoolId} and ${scope.where ?? sql`true`} and ${since}`;
}

/**
 * Every national result in scope with `rank` (1 = the provider that counts for its pupil, subject and moment) and
 * `is_counted` (rank 1), `prev_ability` (the pupil's previous ability score of the same provider and subject), the
 * pupil's exclusion flag and the norm ability score of the result's provider, grade and moment.
 */
export function rankedScores(scope: RankedScope): SQL {
  const order = yearTimeRank(sql`s.year_time`);
  const moment = momentDate(sql`s.calendar_year`, sql`s.year_time`);
  // The previous result: same pupil, subject, provider and test version, among the results in the window.
  const previous = sql`partition by s.pupil_id, s.subject_id, s.provider_id, nt.version, s.ability_score is null
        order by s.calendar_year, ${order}, s.id`;
  // The two catalogue tables are materialised once per statement: for a group's few hundred results a generic plan
  // estimates one row and joins them in nested loops, and rescanning the tables themselves for every result was 40%
  // of the group page's statement (a scan of a few materialised rows costs next to nothing).
  return sql`(with tp as materialized (select id, code, priority from test_providers),
      nt as materialized (select id, version from national_tests)
    select r.*, r.rank = 1 as is_counted from (
    select s.id, s.pupil_id, s.year_class_id, s.national_test_id, s.subject_id, s.provider_id, tp.code as provider,
      tp.priority as provider_priority, nt.version as test_version,
      s.calendar_year, s.year_time, s.grade, s.test_date, ${moment} as moment_date, s.level_value,
      s.ability_score, s.percentile, s.alphabetical, s.roman, s.functional_level, s.dle, s.dle_above_scale,
      ${monthsOfEducationSql(sql`s.grade`, sql`s.year_time`)} as dl,
      s.reference_level, s.projected_reference_level, p.cito_is_excluded, n.ability_score as norm_ability,
      row_number() over (partition by s.pupil_id, s.subject_id, s.calendar_year, s.year_time
        order by tp.priority, s.id) as rank,
      ${order} as time_rank,
      lag(s.ability_score) over (${previous}) as prev_ability,
      lag(s.calendar_year) over (${previous}) as prev_calendar_year,
      lag(s.year_time) over (${previous}) as prev_year_time
    from national_test_scores s
    join tp on tp.id = s.provider_id
    join nt on nt.id = s.national_test_id
    join pupils p on p.id = s.pupil_id and p.school_id = s.school_id
    left join national_norms n on n.provider_id = s.provider_id and n.subject_id = s.subject_id
      and n.grade = s.grade and n.year_time = s.year_time
    where ${inScope(scope)}
  ) r)`;
}

type Score = typeof nationalTestScores.$inferSelect;

/** A column of rankedScores (as `ranked`), named as it is and typed. */
const column = <T>(name: string) => sql<T>`${sql.raw(`ranked.${name}`)}`.as(name);

/** The columns of countedResults: a result, its test, its order in time and its norm. */
const COUNTED_COLUMNS = {
  id: column<number>('id'),
  pupilId: column<number>('pupil_id'),
  yearClassId: column<number>('year_class_id'),
  subjectId: column<number>('subject_id'),
  providerId: column<number>('provider_id'),
  provider: column<TestProviderCode>('provider'),
  providerPriority: column<number>('provider_priority'),
  testVersion: column<string>('test_version'),
  calendarYear: column<number>('calendar_year'),
  yearTime: column<YearTime>('year_time'),
  /** The rank of the year time in exam order (B, M, X, E). */
  timeRank: column<number>('time_rank'),
  grade: column<number>('grade'),
  testDate: column<Score['testDate']>('test_date'),
  /** The moment's approximate date, for a result without a test date. */
  momentDate: column<string>('moment_date'),
  levelValue: column<Score['levelValue']>('level_value'),
  abilityScore: column<Score['abilityScore']>('ability_score'),
  percentile: column<Score['percentile']>('percentile'),
  alphabetical: column<Score['alphabetical']>('alphabetical'),
  roman: column<Score['roman']>('roman'),
  referenceLevel: column<Score['referenceLevel']>('reference_level'),
  /** The norm ability score of the result's provider, subject, grade and moment. */
  normAbility: column<number | null>('norm_ability'),
  citoIsExcluded: column<boolean>('cito_is_excluded'),
};

/**
 * The counted national results in scope, for another module's statement that pairs them with its own rows (a plan's
 * effect, an approach's suggestion): of each pupil, subject and moment only the result of the provider that counts.
 * Results of pupils excluded from national tests are kept (`cito_is_excluded`): the caller decides what they mean.
 * A typed subquery named `c`: `from ${countedResults(scope)}`, its columns as `c.pupil_id` in SQL or typed as
 * `.pupilId` (drizzle writes those unqualified).
 */
export function countedResults(scope: ScoreScope) {
  return new QueryBuilder()
    .select(COUNTED_COLUMNS)
    .from(sql`${rankedScores(rankedScopeOf(scope))} ranked`)
    .where(sql`ranked.is_counted`)
    .as('c');
}
