import type { SchoolAmbition, SchoolAmbitionUpdate } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { writeAudit } from '../../platform/audit';
import { badRequest, notFound } from '../../platform/http-errors';
import type { SchoolAccess } from '../../platform/access/index';
import type { ActiveSession } from '../../platform/sessions';
import { updateAmbitionBand } from './ambition-repository';

/**
 * Sets a school ambition band of the school the route's policy found it in and allowed (its superusers only). The
 * body's id must be the path's.
 */
export async function updateSchoolAmbition(
  ctx: AppContext,
  session: ActiveSession,
  access: SchoolAccess,
  id: number,
  input: SchoolAmbitionUpdate,
): Promise<SchoolAmbition> {
  if (input.id !== id) throw badRequest('Invalid input.', { id: ['The id does not match the address.'] });
  const { schoolId } = access;
  // The band and its audit row, all or nothing.
  const updated = await ctx.db.transaction(async (tx) => {
    const band = await updateAmbitionBand(tx, schoolId, id, input);
    if (!band) throw notFound();
    await writeAudit(tx, {
      schoolId,
      actorUserId: session.userId,
      impersonatorId: session.impersonatorId,
      action: 'school_ambition.update',
      entity: 'school_ambition',
      entityId: id,
      at: ctx.now(),
    });
    return band;
  });
  return {
    id: updated.id,
    subjectId: updated.subjectId,
    lowScore: updated.lowScore,
    highScore: updated.highScore,
  };
}
