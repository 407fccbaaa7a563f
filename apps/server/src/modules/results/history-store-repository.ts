import { eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { schoolHistoryRows, schoolHistoryStale, schoolHistoryVersions } from '../../db/schema/index';
import { countedFilter, rankedScores, selectRows, type RankedScope } from '../scores/index';
import { historyQuery, readHistoryRows } from './history-repository';

/*
 * The SQL of the stored school histories (history-store.ts decides when they are recomputed and caches them): the
 * per-school rows, the stale marks writers leave and the version bumped by each recompute.
 */

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

/** The stored history rows of a whole school, as stored. */
export function storedHistoryRows(schoolId: number): SQL {
  return sql`select ${STORED_COLUMNS} from school_history_rows where school_id = ${schoolId}`;
}

/** The stored history rows of a whole school, parsed (readHistoryRows). */
export function readStoredHistoryRows(db: Db, schoolId: number) {
  return readHistoryRows(db, storedHistoryRows(schoolId));
}

// The first key of the two-key advisory lock that serialises the recomputes of one school (the number is
// arbitrary and fixed; uploads use their own).
const RECOMPUTE_LOCK_NAMESPACE = 7_302;

const stateRowSchema = z.object({ stale: z.boolean(), version: z.number().int().nullable() });

/** Whether a write has marked the school stale, and the version of its stored rows (null: never computed). */
export function readHistoryState(db: Db, schoolId: number): Promise<z.infer<typeof stateRowSchema>> {
  return selectRows(
    db,
    stateRowSchema,
    sql`select exists (select 1 from school_history_stale s where s.school_id = ${schoolId}) as stale,
      (select v.version from school_history_versions v where v.school_id = ${schoolId}) as version`,
  ).then((rows) => rows[0] ?? { stale: true, version: null });
}

/** Waits for (and holds to the end of the transaction) the lock of the school's recomputes. */
export async function lockHistoryRecompute(tx: Db, schoolId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${RECOMPUTE_LOCK_NAMESPACE}, ${schoolId})`);
}

/** Removes the school's stale mark; whether there was one. */
export async function takeStaleMark(tx: Db, schoolId: number): Promise<boolean> {
  const taken = await tx
    .delete(schoolHistoryStale)
    .where(eq(schoolHistoryStale.schoolId, schoolId))
    .returning({ schoolId: schoolHistoryStale.schoolId });
  return taken.length > 0;
}

/** Replaces the school's stored history rows by those computed from its results now. */
export async function recomputeStoredHistoryRows(tx: Db, schoolId: number): Promise<void> {
  await tx.delete(schoolHistoryRows).where(eq(schoolHistoryRows.schoolId, schoolId));
  await tx.execute(sql`insert into school_history_rows (school_id, ${STORED_COLUMNS})
    select ${schoolId}, ${STORED_COLUMNS} from (${historyQuery(liveResultSums({ schoolId }))}) h`);
}

/** Bumps the version of the school's stored rows (1 the first time); the new version. */
export async function bumpHistoryVersion(tx: Db, schoolId: number): Promise<number> {
  const [bumped] = await tx
    .insert(schoolHistoryVersions)
    .values({ schoolId, version: 1 })
    .onConflictDoUpdate({
      target: schoolHistoryVersions.schoolId,
      set: { version: sql`${schoolHistoryVersions.version} + 1` },
    })
    .returning({ version: schoolHistoryVersions.version });
  if (!bumped) throw new Error('the history version was not written');
  return bumped.version;
}
