import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { TEST_PROVIDERS, yearTimeSchema } from '@leerzicht/contract';
import type { Db } from '../../db/client';
import { countedFilter, rankedScores, selectRows, type RankedScope } from '../scores/index';
import { halfYearSteps } from './growth-steps';

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

/** Growth per half-year (see halfYearSteps), per step, provider and test version, beside the norm's growth. */
export function listAnalyticsGrowth(db: Db, scope: RankedScope) {
  return selectRows(
    db,
    analyticsGrowthRowSchema,
    sql`with pairs as ${halfYearSteps(scope)}
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
