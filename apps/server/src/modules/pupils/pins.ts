import { and, eq } from 'drizzle-orm';
import type { Pin } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { pinnedPupils } from '../../db/schema/index';
import { notFound } from '../../platform/http-errors';
import type { ActiveSession } from '../../platform/sessions';
import { requirePupilById } from '../results/access';
import { findPin } from './repository';

/** Pins a pupil the user may read (404 otherwise); pinning twice answers the existing pin. */
export async function pinPupil(ctx: AppContext, session: ActiveSession, pupilId: number): Promise<Pin> {
  const { pupil } = await requirePupilById(ctx, session, pupilId);
  await ctx.db
    .insert(pinnedPupils)
    .values({ schoolId: pupil.schoolId, userId: session.userId, pupilId: pupil.id })
    .onConflictDoNothing({ target: [pinnedPupils.userId, pinnedPupils.pupilId] });
  const pin = await findPin(ctx.db, session.userId, pupil.id);
  if (!pin) throw notFound();
  return { id: pin.id, pupilId: pupil.id };
}

/** Removes one of the user's own pins; someone else's pin or an unknown id answers 404. */
export async function unpinPupil(ctx: AppContext, session: ActiveSession, pinId: number): Promise<void> {
  const removed = await ctx.db
    .delete(pinnedPupils)
    .where(and(eq(pinnedPupils.id, pinId), eq(pinnedPupils.userId, session.userId)))
    .returning({ id: pinnedPupils.id });
  if (removed.length === 0) throw notFound();
}
