import type { Pin } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { notFound } from '../../platform/http-errors';
import type { ActiveSession } from '../../platform/sessions';
import { requirePupilById } from './access';
import { deleteOwnPin, findPin, insertPin } from './repository';

/** Pins a pupil the user may read (404 otherwise); pinning twice answers the existing pin. */
export async function pinPupil(ctx: AppContext, session: ActiveSession, pupilId: number): Promise<Pin> {
  const { pupil } = await requirePupilById(ctx, session, pupilId);
  // The pin and the read for the answer in one transaction: a 503 on the read leaves no pin behind.
  const pin = await ctx.db.transaction(async (tx) => {
    await insertPin(tx, pupil.schoolId, session.userId, pupil.id);
    return findPin(tx, session.userId, pupil.id);
  });
  if (!pin) throw notFound();
  return { id: pin.id, pupilId: pupil.id };
}

/** Removes one of the user's own pins; someone else's pin or an unknown id answers 404. */
export async function unpinPupil(ctx: AppContext, session: ActiveSession, pinId: number): Promise<void> {
  if (!(await deleteOwnPin(ctx.db, session.userId, pinId))) throw notFound();
}
