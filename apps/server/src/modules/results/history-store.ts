import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schoolHistoryRows, schoolHistoryStale } from '../../db/schema/index';
import { countedFilter, rankedScores, type RankedScope } from '../scores/index';
import { historyQuery } from './history-repository';

/**
 * Every result in scope summed per moment, subject, grade, group, test (provider and version) and whether it counts
 * (countedFilter): one plain GROUP BY over rankedScores, so that the costly aggregates (distinct tests, reference
 * grades) run over a few hundred rows instead of every result. Sums are of float8 (ability) and integers: a float4
 * ability is exact in float8 and so are the sums of a school's abilities, so the means rolled up from them equal
 * avg() over the results.
 */
export function liveResultSums(scope: RankedScope): SQL {
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

const STORED_COLUMNS =
  sql.raw(`level, calendar_year, year_time, subject_id, grade, year_class_id, provider_id,
  norm_ability, norm_sd, pupil_count, mean_ability_score, mean_percentile, mean_level_value, level_i, level_ii,
  level_iii, level_iv, level_v, reference_count, reference_grades, share_1f, share_target, national_ability_score,
  tests, mean_dle_lag`);

/**
 * The stored history rows of a whole school (read them after ensureSchoolHistory); with `grade` only those a
 * grade page needs: its aggregates (level 1) and the norms of its results (level 3).
 */
export function storedHistoryRows(schoolId: number, grade?: number): SQL {
  const ofGrade = grade === undefined ? sql`true` : sql`grade = ${grade} and level in (1, 3)`;
  return sql`select ${STORED_COLUMNS} from school_history_rows where school_id = ${schoolId} and ${ofGrade}`;
}

/**
 * Recomputes the school's stored history rows when a write has marked it stale (one indexed lookup when it has
 * not). Taking the mark and recomputing happen in one transaction: a concurrent request that finds the mark
 * already taken reads the rows once this one commits, and a writer's mark (an upsert that locks it) waits for the
 * recompute, so a result committed during it leaves the school stale again.
 */
export async function ensureSchoolHistory(db: Db, schoolId: number): Promise<void> {
  const stale = await db
    .select({ schoolId: schoolHistoryStale.schoolId })
    .from(schoolHistoryStale)
    .where(eq(schoolHistoryStale.schoolId, schoolId));
  if (stale.length === 0) return;
  await db.transaction(async (tx) => {
    const taken = await tx
      .delete(schoolHistoryStale)
      .where(eq(schoolHistoryStale.schoolId, schoolId))
      .returning({ schoolId: schoolHistoryStale.schoolId });
    if (taken.length === 0) return;
    await tx.delete(schoolHistoryRows).where(eq(schoolHistoryRows.schoolId, schoolId));
    await tx.execute(sql`insert into school_history_rows (school_id, ${STORED_COLUMNS})
      select ${schoolId}, ${STORED_COLUMNS} from (${historyQuery(liveResultSums({ schoolId }))}) h`);
  });
}
