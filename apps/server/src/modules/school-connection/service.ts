import type { z } from 'zod';
import { fullName, type schoolConnectionSchema } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import { notFound } from '../../platform/http-errors';
import type { SchoolAccess } from '../../platform/access/index';
import type { ActiveSession } from '../../platform/sessions';
import { findConnection, setConnection } from './repository';

type SchoolConnection = z.output<typeof schoolConnectionSchema>;

/** `db`: the transaction of a change the connection answers, so that a failed read undoes the change. */
export async function getConnection(
  ctx: AppContext,
  schoolId: number,
  db: Db = ctx.db,
): Promise<SchoolConnection> {
  const row = await findConnection(db, schoolId);
  if (!row) throw notFound();
  return {
    schoolId: row.schoolId,
    isConnectionActive: row.isConnectionActive,
    changedAt: row.changedAt?.toISOString() ?? null,
    changedBy:
      row.changedByFirstName === null || row.changedByLastName === null
        ? null
        : fullName({ firstName: row.changedByFirstName, lastName: row.changedByLastName }),
  };
}

/**
 * Switches the link of the school the route's policy allowed off or on; who and when are kept on the school and the change is audited. Asking for the
 * state the link already has changes nothing (and keeps who and when of the last real change).
 */
export async function updateConnection(
  ctx: AppContext,
  session: ActiveSession,
  { schoolId }: SchoolAccess,
  isConnectionActive: boolean,
): Promise<SchoolConnection> {
  const current = await getConnection(ctx, schoolId);
  if (current.isConnectionActive === isConnectionActive) return current;
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    await setConnection(tx, schoolId, { isConnectionActive, changedById: session.userId, changedAt: now });
    await writeAudit(tx, {
      schoolId,
      actorUserId: session.userId,
      impersonatorId: session.impersonatorId,
      action: isConnectionActive ? 'school_connection.activate' : 'school_connection.deactivate',
      entity: 'school',
      entityId: schoolId,
      at: now,
    });
    return getConnection(ctx, schoolId, tx);
  });
}
