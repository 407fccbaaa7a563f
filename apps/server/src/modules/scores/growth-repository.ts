import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { TEST_PROVIDERS, testProviderCodeSchema, yearTimeSchema } from '@leerzicht/contract';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/select-rows';
import { countedFilter } from './aggregate-sql';
import { rankedScopeOf, rankedScores, type RankedScope, type ScoreScope } from './score-sql';

/* Growth per half-year of the counted results in scope: the steps (halfYearSteps) and their means. */

/**
 * The half-year steps of the scope's pupils, one row per step: each pupil's counted ability score at M and at E of
 * the same school year, or at E and at M of the next, of the same provider and test version (their scales differ),
 * with `growth` and beside it `national_growth`: the growth of the norm of that provider between the pupil's grades
 * and moments (norm_ability of rankedScores). The step to a result is read from the pupil's previous counted M or E
 * result (a window, not a self-join: PGlite then sorts once instead of comparing every pair); a step that skips a
 * moment is no half-year. Ability scores and norms are `real`: read through numeric, as the group plan's effect reads
 * them, so that differences are those of the numbers the school sees. Used as `with pairs as ${halfYearSteps(...)}`.
 */
function halfYearSteps(scope: RankedScope): SQL {
  return sql`(
    with steps as (
      select c.subject_id, c.calendar_year as to_year, c.year_time as to_time, c.provider, c.provider_id,
        c.provider_priority, c.test_version, c.ability_score::numeric as ability, c.norm_ability::numeric as norm,
        lag(c.calendar_year) over w as from_year, lag(c.year_time) over w as from_time,
        lag(c.provider_id) over w as from_provider_id, lag(c.test_version) over w as from_version,
        lag(c.ability_score::numeric) over w as from_ability, lag(c.norm_ability::numeric) over w as from_norm
      from ${rankedScores(scope)} c
      where ${countedFilter} and c.ability_score is not null and c.year_time in ('M', 'E')
      window w as (partition by c.pupil_id, c.subject_id order by c.calendar_year, c.time_rank)
    )
    select s.subject_id, s.from_year, s.from_time, s.to_year, s.to_time, s.provider, s.provider_id,
      s.provider_priority, s.test_version, s.ability - s.from_ability as growth, s.norm - s.from_norm as national_growth
    from steps s
    where s.from_provider_id = s.provider_id and s.from_version = s.test_version
      and ((s.from_time = 'M' and s.to_time = 'E' and s.to_year = s.from_year)
        or (s.from_time = 'E' and s.to_time = 'M' and s.to_year = s.from_year + 1))
  )`;
}

const count = z.number().int();

const halfYearGrowthRowSchema = z.object({
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
export type HalfYearGrowthRow = z.output<typeof halfYearGrowthRowSchema>;

/** Growth per half-year (see halfYearSteps), per step, provider and test version, beside the norm's growth. */
export function listHalfYearGrowth(db: Db, scope: ScoreScope) {
  return selectRows(
    db,
    halfYearGrowthRowSchema,
    sql`with pairs as ${halfYearSteps(rankedScopeOf(scope))}
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

const yearGrowthRowSchema = z.object({
  calendar_year: z.number().int(),
  subject_id: z.number().int(),
  pupil_count: z.number().int(),
  mean_growth: z.number().nullable(),
  norm_growth: z.number().nullable(),
  tests: z.array(
    z.object({ provider: testProviderCodeSchema, version: z.string(), priority: z.number().int() }),
  ),
});
export type YearGrowthRow = z.output<typeof yearGrowthRowSchema>;

/**
 * Per school year and subject, over the pupils in scope with a counted ability score at M and at E of that year of
 * the same provider and test version (the M to E steps of halfYearSteps): the mean growth and the mean growth of the
 * norm. Both null when the pupils took different tests (their scales differ).
 */
export function listYearGrowth(db: Db, scope: ScoreScope) {
  const oneTest = sql`count(distinct p.provider_id::text || '|' || p.test_version) = 1`;
  return selectRows(
    db,
    yearGrowthRowSchema,
    sql`with pairs as ${halfYearSteps(rankedScopeOf(scope))}
    select p.to_year as calendar_year, p.subject_id, count(*)::int as pupil_count,
      case when ${oneTest} then round(avg(p.growth), 2)::float8 end as mean_growth,
      case when ${oneTest} then round(avg(p.national_growth), 2)::float8 end as norm_growth,
      jsonb_agg(distinct jsonb_build_object('provider', p.provider, 'version', p.test_version,
        'priority', p.provider_priority)) as tests
    from pairs p
    where p.from_time = 'M' and p.to_time = 'E'
    group by p.to_year, p.subject_id`,
  );
}
