import { sql, type SQL } from 'drizzle-orm';
import { countedFilter, rankedScores, type RankedScope } from '../scores/index';

/**
 * The half-year steps of the scope's pupils, one row per step: each pupil's counted ability score at M and at E of
 * the same school year, or at E and at M of the next, of the same provider and test version (their scales differ),
 * with `growth` and beside it `national_growth`: the growth of the norm of that provider between the pupil's grades
 * and moments (norm_ability of rankedScores). The step to a result is read from the pupil's previous counted M or E
 * result (a window, not a self-join: PGlite then sorts once instead of comparing every pair); a step that skips a
 * moment is no half-year. Ability scores and norms are `real`: read through numeric, as the group plan's effect reads
 * them, so that differences are those of the numbers the school sees. Use as `with pairs as ${halfYearSteps(...)}`.
 */
export function halfYearSteps(scope: RankedScope): SQL {
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
