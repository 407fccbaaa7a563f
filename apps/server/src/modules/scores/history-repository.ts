import { sql, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { yearTimeSchema, type NationalNorm } from '@leerzicht/contract';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/select-rows';
import { aggregateRowSchema, countedFilter } from './aggregate-sql';
import { rankedScopeOf, rankedScores, type RankedScope, type ScoreScope } from './score-sql';

/*
 * A school history's aggregates of the counted results per moment and subject (the school, each grade, each group)
 * and the norms of its results, in one statement: computed for a read (a teacher's groups) or for the results
 * module to store (a whole school's rows, school_history_rows).
 */

/**
 * Every result in scope summed per moment, subject, grade, group, test (provider and version) and whether it counts
 * (countedFilter): one plain GROUP BY over rankedScores, so that the costly aggregates (distinct tests, reference
 * grades) run over a few hundred rows instead of every result. Sums are of float8 (ability) and integers: a float4
 * ability is exact in float8 and so are the sums of a school's abilities, so the means rolled up from them equal
 * avg() over the results.
 */
function liveResultSums(scope: RankedScope): SQL {
  return sql`select c.calendar_year, c.year_time, c.subject_id, c.grade, c.year_class_id, c.provider_id,
      c.provider, c.provider_priority, c.test_version, (${countedFilter}) as counted,
      count(*) as n,
      sum(c.ability_score::float8) as ability_sum, count(c.ability_score) as ability_n,
      sum(c.percentile) as percentile_sum, count(c.percentile) as percentile_n,
      sum(nullif(c.level_value, 0)) as level_sum, count(nullif(c.level_value, 0)) as level_n,
      count(*) filter (where c.roman = 'I') as level_i,
      count(*) filter (where c.roman = 'II') as level_ii,
      count(*) filter (where c.roman = 'III') as level_iii,
      count(*) filter (where c.roman = 'IV') as level_iv,
      count(*) filter (where c.roman = 'V') as level_v,
      count(c.reference_level) as reference_count,
      count(*) filter (where c.reference_level in ('1F', '1S', '2F')) as at_1f,
      count(*) filter (where c.reference_level in ('1S', '2F')) as at_target,
      sum(c.dl - c.dle) filter (where c.dle is not null and not c.dle_above_scale) as lag_sum,
      count(*) filter (where c.dle is not null and not c.dle_above_scale) as lag_n
    from ${rankedScores(scope)} c
    group by c.calendar_year, c.year_time, c.subject_id, c.grade, c.year_class_id, c.provider_id, c.provider,
      c.provider_priority, c.test_version, counted`;
}

const historyAggregateRowSchema = aggregateRowSchema.extend({
  calendar_year: z.number().int(),
  year_time: yearTimeSchema,
  subject_id: z.number().int(),
  grade: z.number().int().nullable(),
  year_class_id: z.number().int().nullable(),
  /** 0 school, 1 grade, 2 group */
  level: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  // The stored rows keep the tests as JSON text (school_history_rows.tests), the live statement as jsonb.
  tests: z.preprocess(
    (value) => (typeof value === 'string' ? JSON.parse(value) : value),
    aggregateRowSchema.shape.tests,
  ),
});

/** A norm of a provider, grade and moment some result in scope has (historyRows' rows of level 3). */
const historyNormRowSchema = z.object({
  level: z.literal(3),
  provider_id: z.number().int(),
  subject_id: z.number().int(),
  grade: z.number().int(),
  year_time: yearTimeSchema,
  norm_ability: z.number(),
  norm_sd: z.number().nullable(),
});

/** More than one test (provider and version) among the summed rows `g`: their abilities share no scale. */
const severalTests = sql`count(distinct g.provider_id::text || '|' || g.test_version) > 1`;

/**
 * The rows of a history in one statement over the sums of the results in scope (a teacher's groups are summed on
 * each read; the results module stores a whole school's rows from this same statement, historyRowsToStore):
 * - levels 0-2: per moment and subject the aggregate of the school, of each grade (the pupil's grade at the test)
 *   and of each group, in GROUP BY GROUPING SETS over the counted sums. The columns are aggregateColumns
 *   (aggregate-sql.ts) rolled up from the sums; the norm is joined per sum (its key holds the norm's provider,
 *   subject, grade and moment) instead of per result;
 * - level 3: the norms of the providers, grades and moments of the results in scope, counted or not (as
 *   normsInScope in repository.ts).
 */
function historyQuery(sums: SQL): SQL {
  return sql`with g as materialized (${sums})
    select g.calendar_year, g.year_time, g.subject_id, g.grade, g.year_class_id,
      (case when grouping(g.grade) = 0 then 1 when grouping(g.year_class_id) = 0 then 2 else 0 end)::int as level,
      null::int as provider_id, null::float8 as norm_ability, null::float8 as norm_sd,
      sum(g.n)::int as pupil_count,
      case when ${severalTests} then null
        else round((sum(g.ability_sum) / nullif(sum(g.ability_n), 0)::float8)::numeric, 2)::float8 end
        as mean_ability_score,
      round(sum(g.percentile_sum)::numeric / nullif(sum(g.percentile_n), 0), 2)::float8 as mean_percentile,
      round(sum(g.level_sum)::numeric / nullif(sum(g.level_n), 0), 2)::float8 as mean_level_value,
      sum(g.level_i)::int as level_i,
      sum(g.level_ii)::int as level_ii,
      sum(g.level_iii)::int as level_iii,
      sum(g.level_iv)::int as level_iv,
      sum(g.level_v)::int as level_v,
      sum(g.reference_count)::int as reference_count,
      coalesce(array_agg(distinct g.grade order by g.grade) filter (where g.reference_count > 0), '{}')
        as reference_grades,
      case when sum(g.reference_count) = 0 then null
        else round(100.0 * sum(g.at_1f) / sum(g.reference_count), 2)::float8 end as share_1f,
      case when sum(g.reference_count) = 0 then null
        else round(100.0 * sum(g.at_target) / sum(g.reference_count), 2)::float8 end as share_target,
      case when ${severalTests} then null
        else round((sum(n.ability_score::float8 * g.n)
          / nullif(sum(g.n) filter (where n.ability_score is not null), 0)::float8)::numeric, 2)::float8 end
        as national_ability_score,
      coalesce(jsonb_agg(distinct jsonb_build_object('provider', g.provider, 'version', g.test_version,
        'priority', g.provider_priority)), '[]'::jsonb) as tests,
      round(sum(g.lag_sum)::numeric / nullif(sum(g.lag_n), 0), 2)::float8 as mean_dle_lag
    from g
    left join national_norms n on n.provider_id = g.provider_id and n.subject_id = g.subject_id
      and n.grade = g.grade and n.year_time = g.year_time
    where g.counted
    group by grouping sets ((g.calendar_year, g.year_time, g.subject_id),
      (g.calendar_year, g.year_time, g.subject_id, g.grade),
      (g.calendar_year, g.year_time, g.subject_id, g.year_class_id))
    union all
    select null, n.year_time, n.subject_id, n.grade, null, 3, n.provider_id, n.ability_score::float8,
      n.ability_sd::float8, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
      null, null
    from national_norms n
    where (n.provider_id, n.subject_id, n.grade, n.year_time) in
      (select g.provider_id, g.subject_id, g.grade, g.year_time from g)`;
}

/** A row of historyQuery, and of the stored history rows (school_history_rows, which keep it as it is). */
export const historyRowSchema = z.union([historyAggregateRowSchema, historyNormRowSchema]);
export type HistoryRow = z.output<typeof historyRowSchema>;
type HistoryAggregateRow = z.output<typeof historyAggregateRowSchema>;

/** A school history's rows: the aggregates of levels 0-2 and the norms. */
export interface HistoryRows {
  aggregates: HistoryAggregateRow[];
  norms: NationalNorm[];
}

/**
 * Rows of historyQuery, computed now or as stored (school_history_rows holds them as they are), split into
 * aggregates and norms (by provider, subject, grade, time).
 */
export function toHistoryRows(rows: readonly HistoryRow[]): HistoryRows {
  const aggregates: HistoryAggregateRow[] = [];
  const norms: NationalNorm[] = [];
  for (const row of rows) {
    if (row.level !== 3) aggregates.push(row);
    else
      norms.push({
        providerId: row.provider_id,
        subjectId: row.subject_id,
        grade: row.grade,
        yearTime: row.year_time,
        abilityScore: row.norm_ability,
        abilitySd: row.norm_sd,
      });
  }
  norms.sort(
    (a, b) =>
      a.providerId - b.providerId ||
      a.subjectId - b.subjectId ||
      a.grade - b.grade ||
      (a.yearTime < b.yearTime ? -1 : a.yearTime > b.yearTime ? 1 : 0),
  );
  return { aggregates, norms };
}

/** The statement of the history rows of the results in scope (stored for a whole school, summed for a read). */
export function historyRowsSql(scope: ScoreScope): SQL {
  return historyQuery(liveResultSums(rankedScopeOf(scope)));
}

/** The history rows of the results in scope, computed now (a teacher's permitted groups: `groupIds`). */
export async function listHistoryRows(db: Db, scope: ScoreScope): Promise<HistoryRows> {
  return toHistoryRows(await selectRows(db, historyRowSchema, historyRowsSql(scope)));
}

/** A column of historyQuery (`h`), named as it is and typed. */
const column = <T>(name: string) => sql<T>`${sql.raw(`h.${name}`)}`.as(name);

/**
 * The select that gives a whole school's history rows to store, its fields those of school_history_rows in their
 * order (for `insert ... select`: the rows never leave the database).
 */
export function historyRowsToStore(schoolId: number) {
  return new QueryBuilder()
    .select({
      schoolId: sql<number>`${schoolId}`.as('school_id'),
      level: column<number>('level'),
      calendarYear: column<number | null>('calendar_year'),
      yearTime: column<string>('year_time'),
      subjectId: column<number>('subject_id'),
      grade: column<number | null>('grade'),
      yearClassId: column<number | null>('year_class_id'),
      providerId: column<number | null>('provider_id'),
      normAbility: column<number | null>('norm_ability'),
      normSd: column<number | null>('norm_sd'),
      pupilCount: column<number | null>('pupil_count'),
      meanAbilityScore: column<number | null>('mean_ability_score'),
      meanPercentile: column<number | null>('mean_percentile'),
      meanLevelValue: column<number | null>('mean_level_value'),
      levelI: column<number | null>('level_i'),
      levelIi: column<number | null>('level_ii'),
      levelIii: column<number | null>('level_iii'),
      levelIv: column<number | null>('level_iv'),
      levelV: column<number | null>('level_v'),
      referenceCount: column<number | null>('reference_count'),
      referenceGrades: column<number[] | null>('reference_grades'),
      share1f: column<number | null>('share_1f'),
      shareTarget: column<number | null>('share_target'),
      nationalAbilityScore: column<number | null>('national_ability_score'),
      tests: column<string | null>('tests'),
      meanDleLag: column<number | null>('mean_dle_lag'),
    })
    .from(sql`(${historyRowsSql({ schoolId })}) h`);
}
