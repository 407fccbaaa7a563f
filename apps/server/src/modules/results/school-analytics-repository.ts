import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { TEST_PROVIDERS, yearTimeSchema } from '@leerzicht/contract';
import type { Db } from '../../db/client';
import { countedFilter, rankedScores, selectRows, type RankedScope } from '../scores/index';

/*
 * The school page's analyses of one subject, in SQL over the scores module's counted results (rankedScores with
 * countedFilter: the provider that counts per pupil and moment, excluded pupils out). The caller's scope (a
 * teacher's permitted groups, the subject) is in `scope.where`.
 */

const count = z.number().int();

const analyticsMomentRowSchema = z.object({
  calendar_year: z.number().int(),
  year_time: yearTimeSchema,
  pupil_count: count,
  level_i: count,
  level_ii: count,
  level_iii: count,
  level_iv: count,
  level_v: count,
  letter_a: count,
  letter_b: count,
  letter_c: count,
  letter_d: count,
  letter_e: count,
  percentile_count: count,
  at_or_above_low: count.nullable(),
  at_or_above_high: count.nullable(),
});
export type AnalyticsMomentRow = z.output<typeof analyticsMomentRowSchema>;

/**
 * Per moment (by year then exam order) the counted results per level I..V and A..E, and of those with a
 * percentile how many lie at or above the ambition's low and high score (null without a band).
 */
export function listAnalyticsMoments(
  db: Db,
  scope: RankedScope,
  band: { lowScore: number; highScore: number } | null,
) {
  const atOrAbove = (score: number | undefined) =>
    score === undefined
      ? sql`null::int`
      : sql`(count(*) filter (where c.percentile >= ${score}::float8))::int`;
  return selectRows(
    db,
    analyticsMomentRowSchema,
    sql`select c.calendar_year, c.year_time, count(*)::int as pupil_count,
      (count(*) filter (where c.roman = 'I'))::int as level_i,
      (count(*) filter (where c.roman = 'II'))::int as level_ii,
      (count(*) filter (where c.roman = 'III'))::int as level_iii,
      (count(*) filter (where c.roman = 'IV'))::int as level_iv,
      (count(*) filter (where c.roman = 'V'))::int as level_v,
      (count(*) filter (where c.alphabetical = 'A'))::int as letter_a,
      (count(*) filter (where c.alphabetical = 'B'))::int as letter_b,
      (count(*) filter (where c.alphabetical = 'C'))::int as letter_c,
      (count(*) filter (where c.alphabetical = 'D'))::int as letter_d,
      (count(*) filter (where c.alphabetical = 'E'))::int as letter_e,
      count(c.percentile)::int as percentile_count,
      ${atOrAbove(band?.lowScore)} as at_or_above_low,
      ${atOrAbove(band?.highScore)} as at_or_above_high
    from ${rankedScores(scope)} c
    where ${countedFilter}
    group by c.calendar_year, c.year_time, c.time_rank
    order by c.calendar_year, c.time_rank`,
  );
}

const analyticsGrowthRowSchema = z.object({
  from_year: z.number().int(),
  from_time: yearTimeSchema,
  to_year: z.number().int(),
  to_time: yearTimeSchema,
  provider: z.enum(TEST_PROVIDERS),
  test_version: z.string(),
  pupil_count: count,
  mean_growth: z.number(),
  national_growth: z.number().nullable(),
  national_count: count,
});
export type AnalyticsGrowthRow = z.output<typeof analyticsGrowthRowSchema>;

/**
 * Growth per half-year: each pupil's counted ability score at M and at E of the same school year, or at E and at
 * M of the next, of the same provider and test version (their scales differ), and beside it the growth of the norm
 * of that provider between the pupil's grades and moments (norm_ability of rankedScores). Ability scores and norms
 * are `real`: read through numeric, as the group plan's effect reads them, so that differences are those of the
 * numbers the school sees.
 */
export function listAnalyticsGrowth(db: Db, scope: RankedScope) {
  return selectRows(
    db,
    analyticsGrowthRowSchema,
    sql`with c as (
      select c.* from ${rankedScores(scope)} c
      where ${countedFilter} and c.ability_score is not null and c.year_time in ('M', 'E')
    ),
    pairs as (
      select a.calendar_year as from_year, a.year_time as from_time, b.calendar_year as to_year,
        b.year_time as to_time, b.provider, b.provider_priority, b.test_version,
        b.ability_score::numeric - a.ability_score::numeric as growth,
        b.norm_ability::numeric - a.norm_ability::numeric as national_growth
      from c a
      join c b on b.pupil_id = a.pupil_id and b.subject_id = a.subject_id
        and b.provider_id = a.provider_id and b.test_version = a.test_version
        and ((a.year_time = 'M' and b.year_time = 'E' and b.calendar_year = a.calendar_year)
          or (a.year_time = 'E' and b.year_time = 'M' and b.calendar_year = a.calendar_year + 1))
    )
    select p.from_year, p.from_time, p.to_year, p.to_time, p.provider, p.test_version,
      count(*)::int as pupil_count,
      round(avg(p.growth), 2)::float8 as mean_growth,
      round(avg(p.national_growth), 2)::float8 as national_growth,
      count(p.national_growth)::int as national_count
    from pairs p
    group by p.from_year, p.from_time, p.to_year, p.to_time, p.provider, p.provider_priority, p.test_version
    order by p.from_year, p.from_time = 'E', p.provider_priority, p.test_version`,
  );
}
