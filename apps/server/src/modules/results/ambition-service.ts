import type { SchoolAmbition, SchoolAmbitionUpdate } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import { badRequest, notFound } from '../../platform/http-errors';
import type { ActiveSession } from '../../platform/sessions';
import { findAmbitionSchoolId, updateAmbitionBand } from './ambition-repository';

/** The school of an ambition, for the route's policy (404 for an unknown ambition). */
export async function findAmbitionSchool(db: Db, id: number): Promise<number> {
  const schoolId = await findAmbitionSchoolId(db, id);
  if (schoolId === null) throw notFound();
  return schoolId;
}

/**
 * Sets a school ambition band (the route's policy allows only the school's superusers). The body's id must be the
 * path's.
 */
export async function updateSchoolAmbition(
  ctx: AppContext,
  session: ActiveSession,
  id: number,
  input: SchoolAmbitionUpdate,
): Promise<SchoolAmbition> {
  if (input.id !== id) throw badRequest('Invalid input.', { id: ['The id does not match the address.'] });
  const schoolId = await findAmbitionSchool(ctx.db, id);
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
