import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { TEST_PROVIDERS, type ResultAggregate } from '@leerzicht/contract';

/*
 * The aggregate of counted national results that the results views show (school, grade, group, cohort, series):
 * SQL columns over rows `c` of rankedScores for this module's reads, and the parsed row they give.
 */

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
