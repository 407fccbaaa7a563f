import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { nationalResultSums, nationalResultSumsStale } from '../../db/schema/index';
import { countedFilter, rankedScores, type RankedScope } from '../scores/index';

/**
 * Every result in scope summed per moment, subject, grade, group, test (provider and version) and whether it counts
 * (countedFilter): one plain GROUP BY over rankedScores, so that the costly aggregates (distinct tests, reference
 * grades) run over a few hundred rows instead of every result. Sums are of float8 (ability) and integers: a float4
 * ability is exact in float8 and so are the sums of a school's abilities, so the means rolled up from them equal
 * avg() over the results. The columns are those of national_result_sums.
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

/** The stored sums of a whole school; read them after ensureResultSums. */
export function storedResultSums(schoolId: number): SQL {
  return sql`select * from national_result_sums where school_id = ${schoolId}`;
}

const SUM_COLUMNS =
  sql.raw(`calendar_year, year_time, subject_id, grade, year_class_id, provider_id, provider,
  provider_priority, test_version, counted, n, ability_sum, ability_n, percentile_sum, percentile_n, level_sum,
  level_n, level_i, level_ii, level_iii, level_iv, level_v, reference_count, at_1f, at_target, lag_sum, lag_n`);

/**
 * Recomputes the school's stored sums when a write has marked it stale (one indexed lookup when it has not).
 * Taking the mark and recomputing happen in one transaction: a concurrent request that finds the mark already
 * taken reads the sums once this one commits, and a writer's mark (an upsert that locks it) waits for the
 * recompute, so a result committed during it leaves the school stale again.
 */
export async function ensureResultSums(db: Db, schoolId: number): Promise<void> {
  const stale = await db
    .select({ schoolId: nationalResultSumsStale.schoolId })
    .from(nationalResultSumsStale)
    .where(eq(nationalResultSumsStale.schoolId, schoolId));
  if (stale.length === 0) return;
  await db.transaction(async (tx) => {
    const taken = await tx
      .delete(nationalResultSumsStale)
      .where(eq(nationalResultSumsStale.schoolId, schoolId))
      .returning({ schoolId: nationalResultSumsStale.schoolId });
    if (taken.length === 0) return;
    await tx.delete(nationalResultSums).where(eq(nationalResultSums.schoolId, schoolId));
    await tx.execute(sql`insert into national_result_sums (school_id, ${SUM_COLUMNS})
      select ${schoolId}, ${SUM_COLUMNS} from (${liveResultSums({ schoolId })}) r`);
  });
}
