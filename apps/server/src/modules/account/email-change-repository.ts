import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailChangeRequests, users } from '../../db/schema/index';

/** Opens a new change request and retires the account's earlier open ones: only the newest link works. */
export async function insertEmailChange(
  db: Db,
  values: { userId: number; newEmail: string; tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .update(emailChangeRequests)
    .set({ usedAt: values.createdAt })
    .where(and(eq(emailChangeRequests.userId, values.userId), isNull(emailChangeRequests.usedAt)));
  await db.insert(emailChangeRequests).values(values);
}

/** The address waiting for confirmation (the newest open, unexpired request), or null. */
export function findPendingEmail(db: Db, userId: number, now: Date): Promise<string | null> {
  return db
    .select({ newEmail: emailChangeRequests.newEmail })
    .from(emailChangeRequests)
    .where(
      and(
        eq(emailChangeRequests.userId, userId),
        isNull(emailChangeRequests.usedAt),
        gt(emailChangeRequests.expiresAt, now),
      ),
    )
    .orderBy(desc(emailChangeRequests.id))
    .limit(1)
    .then((rows) => rows[0]?.newEmail ?? null);
}

/** Marks an open, unexpired request used and answers it with its (active) account, or null. */
export function claimEmailChange(db: Db, tokenHash: string, now: Date) {
  return db
    .update(emailChangeRequests)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailChangeRequests.tokenHash, tokenHash),
        isNull(emailChangeRequests.usedAt),
        gt(emailChangeRequests.expiresAt, now),
      ),
    )
    .returning({ userId: emailChangeRequests.userId, newEmail: emailChangeRequests.newEmail })
    .then((rows) => rows[0] ?? null);
}

export async function setEmail(db: Db, userId: number, email: string): Promise<void> {
  await db.update(users).set({ email }).where(eq(users.id, userId));
}
