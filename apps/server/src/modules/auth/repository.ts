import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { writeTogether } from '../../db/write-together';
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

/**
 * A successful sign-in's writes in one statement (db/write-together.ts): its new session, the account's last login
 * and `also` (the known address, the attempt given back), each to its own rows.
 */
export async function storeSignIn(
  db: Db,
  signIn: { session: SQL; userId: number; now: Date; also: readonly SQL[] },
): Promise<void> {
  const lastLogin = db.update(users).set({ lastLogin: signIn.now }).where(eq(users.id, signIn.userId));
  await writeTogether(db, [signIn.session, lastLogin.getSQL(), ...signIn.also]);
}

/** Stores a new (sealed) secret that waits for its first code; two-step login stays off until then. */
export async function setPendingTotpSecret(db: Db, userId: number, sealedSecret: string): Promise<void> {
  await db.update(users).set({ totpSecretEnc: sealedSecret, totpActive: false }).where(eq(users.id, userId));
}

export async function setTotpActive(db: Db, userId: number, active: boolean): Promise<void> {
  const values = active ? { totpActive: true } : { totpActive: false, totpSecretEnc: null };
  await db.update(users).set(values).where(eq(users.id, userId));
}
