import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schoolMemberships, schools, sessions, users } from '../../db/schema/index';
import { revokeImpersonationsBy } from '../../platform/sessions';

export { findUserById as findUser, findUserByEmail } from '../../platform/user-lookup';

export function listUserSchools(db: Db, userId: number) {
  return db
    .select({
      id: schools.id,
      name: schools.name,
      brinCode: schools.brinCode,
      payingStatus: schools.payingStatus,
      isSchoolSuperuser: schoolMemberships.isSchoolSuperuser,
      isSenco: schoolMemberships.isSenco,
    })
    .from(schoolMemberships)
    .innerJoin(schools, eq(schools.id, schoolMemberships.schoolId))
    .where(eq(schoolMemberships.userId, userId))
    .orderBy(schools.name);
}

/** Whether another account already uses the username or e-mail address (case-insensitively). */
export async function findAccountConflicts(
  db: Db,
  userId: number,
  wanted: { username?: string; email?: string },
): Promise<{ username: boolean; email: boolean }> {
  const taken = async (condition: ReturnType<typeof sql>) => {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(and(condition, ne(users.id, userId)))
      .limit(1);
    return rows.length > 0;
  };
  return {
    username: wanted.username
      ? await taken(sql`lower(${users.username}) = lower(${wanted.username})`)
      : false,
    email: wanted.email ? await taken(sql`lower(${users.email}) = lower(${wanted.email})`) : false,
  };
}

export type UserChanges = Partial<
  Pick<typeof users.$inferInsert, 'email' | 'firstName' | 'lastName' | 'username' | 'language'>
>;

export async function updateUserFields(db: Db, userId: number, changes: UserChanges): Promise<void> {
  await db.update(users).set(changes).where(eq(users.id, userId));
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/**
 * Revokes the user's live sessions, except `keepSessionId` when given, and every impersonated session the user
 * started (a staff member's password change ends them all, including one started from the kept session).
 */
export async function revokeUserSessions(
  db: Db,
  userId: number,
  now: Date,
  keepSessionId: string | null,
): Promise<void> {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (keepSessionId) conditions.push(ne(sessions.id, keepSessionId));
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(...conditions));
  await revokeImpersonationsBy(db, userId, now);
}

export async function stampPasswordConfirmation(db: Db, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ passwordConfirmedAt: now }).where(eq(sessions.id, sessionId));
}

export function findPasswordConfirmedAt(db: Db, sessionId: string): Promise<Date | null> {
  return db
    .select({ at: sessions.passwordConfirmedAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .limit(1)
    .then((rows) => rows[0]?.at ?? null);
}

/** True for PostgreSQL's unique_violation, also when wrapped by Drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (value: unknown) =>
    typeof value === 'object' && value !== null && 'code' in value ? value.code : undefined;
  if (code(error) === '23505') return true;
  const cause = typeof error === 'object' && error !== null && 'cause' in error ? error.cause : undefined;
  return code(cause) === '23505';
}
