import { and, eq, gt, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { signInLinks, users } from '../../db/schema/index';

export async function insertSignInLink(
  db: Db,
  values: { userId: number; tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(signInLinks).values(values);
}

/** An unused, unexpired link with its account, or null. */
export function findUsableSignInLink(db: Db, tokenHash: string, now: Date) {
  return db
    .select({ linkId: signInLinks.id, user: users })
    .from(signInLinks)
    .innerJoin(users, eq(users.id, signInLinks.userId))
    .where(
      and(eq(signInLinks.tokenHash, tokenHash), isNull(signInLinks.usedAt), gt(signInLinks.expiresAt, now)),
    )
    .limit(1)
    .then((rows) => rows[0] ?? null);
}

/** Marks the link used only if it still was unused and valid: true when this call won it (it works once). */
export async function claimSignInLink(db: Db, linkId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(signInLinks)
    .set({ usedAt: now })
    .where(and(eq(signInLinks.id, linkId), isNull(signInLinks.usedAt), gt(signInLinks.expiresAt, now)))
    .returning({ id: signInLinks.id });
  return rows.length > 0;
}

/** The write that retires every other open link of the account once one was used (to run with the sign-in's). */
export function retireSignInLinksWrite(db: Db, userId: number, now: Date): SQL {
  return db
    .update(signInLinks)
    .set({ usedAt: now })
    .where(and(eq(signInLinks.userId, userId), isNull(signInLinks.usedAt)))
    .getSQL();
}
