import type { Pin } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { notFound } from '../../platform/http-errors';
import type { AllowedPupil } from './access';
import type { PinRow } from './pin-lookup-repository';
import { deleteOwnPin, findPin, insertPin } from './repository';

/** Pins the pupil the route's policy allowed; pinning twice answers the existing pin. */
export async function pinPupil(ctx: AppContext, { access, pupilId }: AllowedPupil): Promise<Pin> {
  // The pin and the read for the answer in one transaction: a 503 on the read leaves no pin behind.
  const pin = await ctx.db.transaction(async (tx) => {
    await insertPin(tx, access.schoolId, access.userId, pupilId);
    return findPin(tx, access.userId, pupilId);
  });
  if (!pin) throw notFound();
  return { id: pin.id, pupilId };
}

/** Removes the user's own pin the route's policy found; a pin removed meanwhile (a second request) answers 404. */
export async function unpinPupil(ctx: AppContext, pin: PinRow): Promise<void> {
  if (!(await deleteOwnPin(ctx.db, pin.userId, pin.id))) throw notFound();
}
