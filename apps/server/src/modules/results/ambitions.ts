import { and, eq } from 'drizzle-orm';
import type { SchoolAmbition, SchoolAmbitionUpdate } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { schoolAmbitions } from '../../db/schema/index';
import { badRequest, notFound } from '../../platform/http-errors';
import type { ActiveSession } from '../../platform/sessions';
import { requireSchoolSuperuser } from '../../platform/school-access';

/**
 * Sets a school ambition band. Only the school's superusers (403 for its other members, 404 outside the user's
 * schools or for an unknown ambition). The body's id must be the path's.
 */
export async function updateSchoolAmbition(
  ctx: AppContext,
  session: ActiveSession,
  id: number,
  input: SchoolAmbitionUpdate,
): Promise<SchoolAmbition> {
  if (input.id !== id) throw badRequest('Invalid input.', { id: ['The id does not match the address.'] });
  const [ambition] = await ctx.db.select().from(schoolAmbitions).where(eq(schoolAmbitions.id, id)).limit(1);
  if (!ambition) throw notFound();
  await requireSchoolSuperuser(ctx.db, session.userId, ambition.schoolId);
  const [updated] = await ctx.db
    .update(schoolAmbitions)
    .set({ lowScore: input.lowScore, highScore: input.highScore })
    .where(and(eq(schoolAmbitions.id, id), eq(schoolAmbitions.schoolId, ambition.schoolId)))
    .returning();
  if (!updated) throw notFound();
  return {
    id: updated.id,
    subjectId: updated.subjectId,
    lowScore: updated.lowScore,
    highScore: updated.highScore,
  };
}
