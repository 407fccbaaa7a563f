import { sql, type SQL } from 'drizzle-orm';
import { YEAR_TIME_ORDER, type ResultAggregate } from '@leerzicht/contract';
import type { Db } from '../../db/client';

/*
 * Shared SQL of the results views. Provider priority: of a pupil's results for one subject and moment only the one
 * of the provider with the lowest test_providers.priority counts (`rank = 1`, a window in SQL). Pupils excluded from
 * national tests (pupils.cito_is_excluded) are left out of every aggregate.
 */

/** Runs raw SQL and returns its rows (PGlite and node-postgres both answer `{ rows }`). */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** `column in (1, 2, 3)`, or false for an empty list. */
export function inIds(column: SQL, ids: readonly number[]): SQL {
  if (ids.length === 0) return sql`false`;
  return sql`${column} in (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/** The rank of a year time in exam order (B, X, M, E) as SQL. */
export function yearTimeRank(column: SQL): SQL {
  const whens = Object.entries(YEAR_TIME_ORDER).map(([time, rank]) => sql.raw(`when '${time}' then ${rank}`));
  return sql`(case ${column} ${sql.join(whens, sql` `)} end)`;
}

/** Approximate date of a moment for results without a test date (as the contract's momentDate). */
const momentDateSql = sql`make_date(s.calendar_year + case s.year_time when 'B' then 0 else 1 end,
  case s.year_time when 'B' then 9 when 'X' then 3 when 'M' then 1 else 6 end, 15)`;

export interface RankedScope {
  schoolId: number;
  /** Extra condition on `s` (national_test_scores) and `p` (pupils). */
  where?: SQL;
  /** Only results on or after this date ('YYYY-MM-DD'; moment date for results without one). */
  since?: string;
}

/**
 * Every national result in scope with `rank` (1 = the provider that counts for its pupil, subject and moment),
 * `prev_ability` (the pupil's previous ability score of the same provider and subject), the pupil's exclusion
 * flag and the norm ability score of the result's provider, grade and moment.
 */
export function rankedScores(scope: RankedScope): SQL {
  const order = yearTimeRank(sql`s.year_time`);
  const since = scope.since ? sql`coalesce(r.test_date, r.moment_date) >= ${scope.since}::date` : sql`true`;
  return sql`(select r.* from (
    select s.id, s.pupil_id, s.year_class_id, s.national_test_id, s.subject_id, s.provider_id, tp.code as provider,
      s.calendar_year, s.year_time, s.grade, s.test_date, ${momentDateSql} as moment_date, s.level_value,
      s.ability_score, s.percentile, s.alphabetical, s.roman, s.functional_level, s.dle, s.reference_level,
      s.projected_reference_level, p.cito_is_excluded, n.ability_score as norm_ability,
      row_number() over (partition by s.pupil_id, s.subject_id, s.calendar_year, s.year_time
        order by tp.priority, s.id) as rank,
      ${order} as time_rank,
      lag(s.ability_score) over (partition by s.pupil_id, s.subject_id, s.provider_id, s.ability_score is null
        order by s.calendar_year, ${order}, s.id) as prev_ability,
      lag(s.calendar_year) over (partition by s.pupil_id, s.subject_id, s.provider_id, s.ability_score is null
        order by s.calendar_year, ${order}, s.id) as prev_calendar_year,
      lag(s.year_time) over (partition by s.pupil_id, s.subject_id, s.provider_id, s.ability_score is null
        order by s.calendar_year, ${order}, s.id) as prev_year_time
    from national_test_scores s
    join test_providers tp on tp.id = s.provider_id
    join pupils p on p.id = s.pupil_id and p.school_id = s.school_id
    left join national_norms n on n.provider_id = s.provider_id and n.subject_id = s.subject_id
      and n.grade = s.grade and n.year_time = s.year_time
    where s.school_id = ${scope.schoolId} and ${scope.where ?? sql`true`}
  ) r where ${since})`;
}

/** The aggregate columns over counted rows `c` of rankedScores (filter `c.rank = 1 and not c.cito_is_excluded`). */
export const aggregateColumns = sql`count(*)::int as pupil_count,
  round(avg(c.ability_score)::numeric, 2)::float8 as mean_ability_score,
  round(avg(c.percentile)::numeric, 2)::float8 as mean_percentile,
  round(avg(nullif(c.level_value, 0))::numeric, 2)::float8 as mean_level_value,
  (count(*) filter (where c.roman = 'I'))::int as level_i,
  (count(*) filter (where c.roman = 'II'))::int as level_ii,
  (count(*) filter (where c.roman = 'III'))::int as level_iii,
  (count(*) filter (where c.roman = 'IV'))::int as level_iv,
  (count(*) filter (where c.roman = 'V'))::int as level_v,
  case when count(c.reference_level) = 0 then null
    else round(100.0 * count(c.reference_level) / count(*), 2)::float8 end as share_1f,
  case when count(c.reference_level) = 0 then null
    else round(100.0 * (count(*) filter (where c.reference_level in ('1S', '2F'))) / count(*), 2)::float8
  end as share_target,
  round(avg(c.norm_ability)::numeric, 2)::float8 as national_ability_score`;

/** Rows counted in aggregates. */
export const countedFilter = sql`c.rank = 1 and not c.cito_is_excluded`;

export interface AggregateRow {
  pupil_count: number;
  mean_ability_score: number | null;
  mean_percentile: number | null;
  mean_level_value: number | null;
  level_i: number;
  level_ii: number;
  level_iii: number;
  level_iv: number;
  level_v: number;
  share_1f: number | null;
  share_target: number | null;
  national_ability_score: number | null;
}

export function toAggregate(row: AggregateRow): ResultAggregate {
  return {
    pupilCount: row.pupil_count,
    meanAbilityScore: row.mean_ability_score,
    meanPercentile: row.mean_percentile,
    meanLevelValue: row.mean_level_value,
    levels: { I: row.level_i, II: row.level_ii, III: row.level_iii, IV: row.level_iv, V: row.level_v },
    share1F: row.share_1f,
    shareTarget: row.share_target,
    nationalAbilityScore: row.national_ability_score,
  };
}
