import { eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { schoolHistoryRows, schoolHistoryStale, schoolHistoryVersions } from '../../db/schema/index';
import {
  historyRowSchema,
  historyRowsToStore,
  selectRows,
  toHistoryRows,
  type HistoryRows,
} from '../scores/index';

/*
 * The SQL of the stored school histories (history-store.ts decides when they are recomputed and caches them): the
 * per-school rows, the stale marks writers leave and the version bumped by each recompute. The rows themselves are
 * the scores module's (its history rows of a whole school), stored as they are.
 */

const STORED_COLUMNS =
  sql.raw(`level, calendar_year, year_time, subject_id, grade, year_class_id, provider_id,
  norm_ability, norm_sd, pupil_count, mean_ability_score, mean_percentile, mean_level_value, level_i, level_ii,
  level_iii, level_iv, level_v, reference_count, reference_grades, share_1f, share_target, national_ability_score,
  tests, mean_dle_lag`);

/** The stored history rows of a whole school, as stored. */
export function storedHistoryRows(schoolId: number): SQL {
  return sql`select ${STORED_COLUMNS} from school_history_rows where school_id = ${schoolId}`;
}

/** The stored history rows of a whole school, parsed as the scores module's history rows. */
export async function readStoredHistoryRows(db: Db, schoolId: number): Promise<HistoryRows> {
  return toHistoryRows(await selectRows(db, historyRowSchema, storedHistoryRows(schoolId)));
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

/** Replaces the school's stored history rows by those computed from its results now (in one statement). */
export async function recomputeStoredHistoryRows(tx: Db, schoolId: number): Promise<void> {
  await tx.delete(schoolHistoryRows).where(eq(schoolHistoryRows.schoolId, schoolId));
  await tx.insert(schoolHistoryRows).select(historyRowsToStore(schoolId));
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
