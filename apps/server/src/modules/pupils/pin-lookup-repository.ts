import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pinnedPupils } from '../../db/schema/index';

/** A pin by id with its owner, for the policy of its removal; null for an unknown id. */
export async function findPinById(db: Db, pinId: number) {
  const [pin] = await db
    .select({ id: pinnedPupils.id, userId: pinnedPupils.userId, pupilId: pinnedPupils.pupilId })
    .from(pinnedPupils)
    .where(eq(pinnedPupils.id, pinId))
    .limit(1);
  return pin ?? null;
}

export type PinRow = NonNullable<Awaited<ReturnType<typeof findPinById>>>;
