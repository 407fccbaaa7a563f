import type { AppContext } from '../../context';
import { writeAudit } from '../../platform/audit';
import { describeQueryError, findQueryError, type QueryFailure } from '../../platform/query-errors';
import { retentionCutoffDate } from './cutoff';
import { deletePupils, listAutoRemovingSchools, listPupilsLeftBy } from './repository';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionRun {
  schoolId: number;
  removed: number;
}

/**
 * The scheduled removal: for every school that switched it on, removes the pupils due by its own period, one
 * transaction per school, audited as the system (no actor) with the count only.
 */
export async function runScheduledRetention(ctx: AppContext): Promise<RetentionRun[]> {
  const now = ctx.now();
  const runs: RetentionRun[] = [];
  for (const school of await listAutoRemovingSchools(ctx.db)) {
    const removed = await ctx.db.transaction(async (tx) => {
      const due = await listPupilsLeftBy(tx, school.id, retentionCutoffDate(now, school.retentionYears));
      if (due.length === 0) return 0;
      const count = await deletePupils(
        tx,
        school.id,
        due.map((row) => row.id),
      );
      await writeAudit(tx, {
        schoolId: school.id,
        actorUserId: null,
        action: 'retention.auto_remove',
        entity: 'school',
        entityId: school.id,
        details: { removed: count },
        at: now,
      });
      return count;
    });
    runs.push({ schoolId: school.id, removed });
  }
  return runs;
}

export interface RetentionScheduleLog {
  info(details: { schools: number; removed: number }, message: string): void;
  error(details: { db?: QueryFailure }, message: string): void;
}

/**
 * Runs the scheduled removal now and then once a day. The timer does not keep the process alive; the returned
 * function stops it (on shutdown) and resolves once a run under way has finished, so the database is closed
 * after it, not under it. Only counts are logged.
 */
export function startRetentionSchedule(
  ctx: AppContext,
  log: RetentionScheduleLog,
  intervalMs = DAY_MS,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = runScheduledRetention(ctx)
      .then((runs) => {
        const removed = runs.reduce((sum, run) => sum + run.removed, 0);
        log.info({ schools: runs.length, removed }, 'scheduled retention run');
      })
      .catch((error: unknown) => {
        // Never the query's parameters (pupil ids, dates): the statement and the database's code only.
        const queryError = findQueryError(error);
        log.error(queryError ? { db: describeQueryError(queryError) } : {}, 'scheduled retention run failed');
      })
      .finally(() => {
        running = null;
      });
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
