import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  MOMENT_MONTH,
  monthsOfEducation,
  TEST_PROVIDERS,
  YEAR_TIME_ORDER,
  YEAR_TIMES,
  type ResultAggregate,
  type YearTime,
} from '@leerzicht/contract';

/*
 * The SQL every score view shares. This file is where the server decides the score rules:
 * - provider priority: of a pupil's results for one subject and moment only the one of the provider with the lowest
 *   test_providers.priority counts (`is_counted`, a window in rankedScores); the web shows what `isCounted` marks;
 * - exam order B, M, X, E (yearTimeRank) and the date of a moment without a test date (momentDate), both built from
 *   the contract's tables (YEAR_TIME_ORDER, MOMENT_MONTH) so that server and web agree;
 * - time windows: `since` of rankedScores, applied before the previous result is looked up, so that growth only
 *   compares results the page shows; the window starts come from scoreWindows in service.ts;
 * - growth and mean ability never cross a change of test: the previous result is of the same provider and test
 *   version, and an aggregate over several tests has no mean ability (their scales differ);
 * - reference-level shares count only results that carry a reference result ('<1F' included);
 * - pupils excluded from national tests (pupils.cito_is_excluded) are left out of every aggregate (countedFilter).
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

/** Rows of rankedScores (`c`) counted in aggregates. */
export const countedFilter = sql`c.is_counted and not c.cito_is_excluded`;

/** The aggregate columns over counted rows `c` of rankedScores (see countedFilter); parsed by aggregateRowSchema. */
export const aggregateColumns = sql`count(*)::int as pupil_count,
  case when count(distinct c.provider_id::text || '|' || c.test_version) > 1 then null
    else round(avg(c.ability_score)::numeric, 2)::float8 end as mean_ability_score,
  round(avg(c.percentile)::numeric, 2)::float8 as mean_percentile,
  round(avg(nullif(c.level_value, 0))::numeric, 2)::float8 as mean_level_value,
  (count(*) filter (where c.roman = 'I'))::int as level_i,
  (count(*) filter (where c.roman = 'II'))::int as level_ii,
  (count(*) filter (where c.roman = 'III'))::int as level_iii,
  (count(*) filter (where c.roman = 'IV'))::int as level_iv,
  (count(*) filter (where c.roman = 'V'))::int as level_v,
  count(c.reference_level)::int as reference_count,
  coalesce(array_agg(distinct c.grade order by c.grade) filter (where c.reference_level is not null), '{}')
    as reference_grades,
  case when count(c.reference_level) = 0 then null
    else round(100.0 * (count(*) filter (where c.reference_level in ('1F', '1S', '2F')))
      / count(c.reference_level), 2)::float8 end as share_1f,
  case when count(c.reference_level) = 0 then null
    else round(100.0 * (count(*) filter (where c.reference_level in ('1S', '2F')))
      / count(c.reference_level), 2)::float8 end as share_target,
  case when count(distinct c.provider_id::text || '|' || c.test_version) > 1 then null
    else round(avg(c.norm_ability)::numeric, 2)::float8 end as national_ability_score,
  coalesce(jsonb_agg(distinct jsonb_build_object('provider', c.provider, 'version', c.test_version,
    'priority', c.provider_priority)), '[]'::jsonb) as tests,
  round((avg(c.dl - c.dle) filter (where c.dle is not null and not c.dle_above_scale))::numeric, 2)::float8
    as mean_dle_lag`;

const count = z.number().int();
const mean = z.number().nullable();

/** The columns of aggregateColumns (all cast to int or float8 in the SQL). */
export const aggregateRowSchema = z.object({
  pupil_count: count,
  mean_ability_score: mean,
  mean_percentile: mean,
  mean_level_value: mean,
  level_i: count,
  level_ii: count,
  level_iii: count,
  level_iv: count,
  level_v: count,
  reference_count: count,
  reference_grades: z.array(z.number().int()),
  share_1f: mean,
  share_target: mean,
  national_ability_score: mean,
  tests: z.array(
    z.object({ provider: z.enum(TEST_PROVIDERS), version: z.string(), priority: z.number().int() }),
  ),
  mean_dle_lag: mean,
});
export type AggregateRow = z.output<typeof aggregateRowSchema>;

export function toAggregate(row: AggregateRow): ResultAggregate {
  return {
    pupilCount: row.pupil_count,
    meanAbilityScore: row.mean_ability_score,
    meanPercentile: row.mean_percentile,
    meanLevelValue: row.mean_level_value,
    levels: { I: row.level_i, II: row.level_ii, III: row.level_iii, IV: row.level_iv, V: row.level_v },
    share1F: row.share_1f,
    shareTarget: row.share_target,
    referenceCount: row.reference_count,
    referenceGrades: row.reference_grades,
    nationalAbilityScore: row.national_ability_score,
    tests: [...row.tests]
      .sort((a, b) => a.priority - b.priority || a.version.localeCompare(b.version))
      .map(({ provider, version }) => ({ provider, version })),
    meanDleLag: row.mean_dle_lag,
  };
}
