import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schoolMemberships, schools, users } from '../../db/schema/index';

export function findUserByUsername(db: Db, username: string) {
  return db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1)
    .then((rows) => rows[0] ?? null);
}

export async function hasConnectedPayingSchool(db: Db, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: schools.id })
    .from(schoolMemberships)
    .innerJoin(schools, eq(schools.id, schoolMemberships.schoolId))
    .where(and(eq(schoolMemberships.userId, userId), eq(schools.payingStatus, true)))
    .limit(1);
  return rows.length > 0;
}

/** Records a used TOTP step only if it is newer than the last one, so a code works once. */
export async function claimTotpStep(db: Db, userId: number, step: number): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ totpLastUsedStep: step })
    .where(and(eq(users.id, userId), sql`coalesce(${users.totpLastUsedStep}, -1) < ${step}`))
    .returning({ id: users.id });
  return updated.length > 0;
}

export async function recordLogin(db: Db, userId: number, now: Date): Promise<void> {
  await db.update(users).set({ lastLogin: now }).where(eq(users.id, userId));
}

/** Stores a new (sealed) secret that waits for its first code; two-step login stays off until then. */
export async function setPendingTotpSecret(db: Db, userId: number, sealedSecret: string): Promise<void> {
  await db.update(users).set({ totpSecretEnc: sealedSecret, totpActive: false }).where(eq(users.id, userId));
}

export async function setTotpActive(db: Db, userId: number, active: boolean): Promise<void> {
  const values = active ? { totpActive: true } : { totpActive: false, totpSecretEnc: null };
  await db.update(users).set(values).where(eq(users.id, userId));
}
