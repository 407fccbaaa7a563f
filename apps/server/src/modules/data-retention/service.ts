import type { z } from 'zod';
import {
  sortByName,
  fullName,
  RETENTION_ERRORS,
  splitParticle,
  type retentionOverviewSchema,
  type retentionSettingsSchema,
} from '@leerzicht/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import { badRequest, notFound } from '../../platform/http-errors';
import type { ActiveSession } from '../../platform/sessions';
import { retentionCutoffDate } from './cutoff';
import { deletePupils, findRetentionSettings, listPupilsLeftBy, updateRetentionSettings } from './repository';

type RetentionOverview = z.output<typeof retentionOverviewSchema>;
type RetentionSettings = z.output<typeof retentionSettingsSchema>;

/**
 * "Dijk, Jan van": the name as a school's register lists it, on the word after the particle (a surname stored with
 * its particle, "El Amrani", is split as the sorting splits it).
 */
function registerName(name: { firstName: string; lastNamePrefix: string; lastName: string }): string {
  const { prefix, lastName } =
    name.lastNamePrefix === ''
      ? splitParticle(name.lastName)
      : { prefix: name.lastNamePrefix, lastName: name.lastName };
  return `${lastName}, ${[name.firstName, prefix].filter((part) => part !== '').join(' ')}`;
}

async function duePupils(db: Db, schoolId: number, cutoffDate: string) {
  const rows = await listPupilsLeftBy(db, schoolId, cutoffDate);
  return sortByName(rows);
}

/** The settings, the cut-off date and the pupils due for removal, sorted on the word after the particle. */
/** `db`: the transaction of a change the overview answers, so that a failed read undoes the change. */
export async function getRetentionOverview(
  ctx: AppContext,
  schoolId: number,
  db: Db = ctx.db,
): Promise<RetentionOverview> {
  const settings = await findRetentionSettings(db, schoolId);
  if (!settings) throw notFound();
  const cutoffDate = retentionCutoffDate(ctx.now(), settings.retentionYears);
  const pupils = await duePupils(db, schoolId, cutoffDate);
  return {
    ...settings,
    cutoffDate,
    // The query selects pupils with a date_left only; the check tells the compiler so.
    pupils: pupils.flatMap(({ dateLeft, ...row }) =>
      dateLeft === null
        ? []
        : [
            {
              id: row.id,
              name: fullName(row),
              sortName: registerName(row),
              dateLeft,
              lastGroupName: row.lastGroupName,
            },
          ],
    ),
  };
}

export async function changeRetentionSettings(
  ctx: AppContext,
  session: ActiveSession,
  schoolId: number,
  settings: RetentionSettings,
): Promise<RetentionOverview> {
  return ctx.db.transaction(async (tx) => {
    await updateRetentionSettings(tx, schoolId, settings);
    await writeAudit(tx, {
      schoolId,
      actorUserId: session.userId,
      impersonatorId: session.impersonatorId,
      action: 'retention.settings',
      entity: 'school',
      entityId: schoolId,
      details: { ...settings },
      at: ctx.now(),
    });
    return getRetentionOverview(ctx, schoolId, tx);
  });
}

/**
 * Removes the pupils with all their data in one transaction, all or none: every id must be a pupil of the school
 * who is due now (else 400 and nothing is removed). The audit row holds the count only, never names.
 */
export async function removeDuePupils(
  ctx: AppContext,
  session: ActiveSession,
  schoolId: number,
  pupilIds: readonly number[],
): Promise<{ removed: number }> {
  const wanted = [...new Set(pupilIds)];
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const settings = await findRetentionSettings(tx, schoolId);
    if (!settings) throw notFound();
    const due = new Set(
      (await listPupilsLeftBy(tx, schoolId, retentionCutoffDate(now, settings.retentionYears))).map(
        (row) => row.id,
      ),
    );
    if (wanted.some((id) => !due.has(id)))
      throw badRequest('Invalid input.', { pupilIds: [RETENTION_ERRORS.notDue] });
    const removed = await deletePupils(tx, schoolId, wanted);
    await writeAudit(tx, {
      schoolId,
      actorUserId: session.userId,
      impersonatorId: session.impersonatorId,
      action: 'retention.remove',
      entity: 'school',
      entityId: schoolId,
      details: { removed },
      at: now,
    });
    return { removed };
  });
}
