import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invitations, schoolMemberships, schools, userSettings, users } from '../../db/schema/index';

export { findUserByEmail, findUserById } from '../../platform/user-lookup';

export type InvitationRow = typeof invitations.$inferSelect;

export function findSchoolName(db: Db, schoolId: number) {
  return db
    .select({ name: schools.name })
    .from(schools)
    .where(eq(schools.id, schoolId))
    .limit(1)
    .then((rows) => rows[0]?.name ?? null);
}

export async function isMemberByEmail(db: Db, schoolId: number, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: schoolMemberships.id })
    .from(schoolMemberships)
    .innerJoin(users, eq(users.id, schoolMemberships.userId))
    .where(and(eq(schoolMemberships.schoolId, schoolId), sql`lower(${users.email}) = lower(${email})`))
    .limit(1);
  return rows.length > 0;
}

/**
 * Holds off every other request for this address at this school (on any server process) until the
 * transaction ends, so two requests cannot both find no invitation and both store and mail one.
 */
export async function lockInvitationAddress(db: Db, schoolId: number, email: string): Promise<void> {
  const subject = `invitation:${schoolId}:${email.toLowerCase()}`;
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${subject}, 0))`);
}

/** The invitation of this school for this address that is neither accepted nor expired, if any. */
export async function findOpenInvitation(
  db: Db,
  schoolId: number,
  email: string,
  now: Date,
): Promise<InvitationRow | null> {
  const rows = await db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.schoolId, schoolId),
        sql`lower(${invitations.email}) = lower(${email})`,
        isNull(invitations.acceptedAt),
        gt(invitations.expiresAt, now),
      ),
    )
    .orderBy(desc(invitations.createdAt))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertInvitation(
  db: Db,
  values: typeof invitations.$inferInsert,
): Promise<InvitationRow> {
  const [row] = await db.insert(invitations).values(values).returning();
  if (!row) throw new Error('invitation not stored');
  return row;
}

/** A new key and term for an invitation whose mail never went out; null when it was mailed or used meanwhile. */
export async function reissueUnsentInvitation(
  db: Db,
  id: number,
  values: Pick<InvitationRow, 'keyHash' | 'createdAt' | 'expiresAt' | 'invitedBy' | 'isSchoolSuperuser'>,
): Promise<InvitationRow | null> {
  const [row] = await db
    .update(invitations)
    .set(values)
    .where(and(eq(invitations.id, id), isNull(invitations.mailSentAt), isNull(invitations.acceptedAt)))
    .returning();
  return row ?? null;
}

export async function markInvitationsMailed(db: Db, ids: number[], at: Date): Promise<void> {
  await db.update(invitations).set({ mailSentAt: at }).where(inArray(invitations.id, ids));
}

/** Removes an invitation whose mail could not be sent (never one that was mailed). */
export async function deleteUnsentInvitation(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .delete(invitations)
    .where(and(eq(invitations.id, id), isNull(invitations.mailSentAt)))
    .returning({ id: invitations.id });
  return rows.length > 0;
}

export function findInvitation(db: Db, id: number) {
  return db
    .select()
    .from(invitations)
    .where(eq(invitations.id, id))
    .limit(1)
    .then((rows) => rows[0] ?? null);
}

/** The invitation behind a key (by its hash) with its school's name and, once accepted, the username. */
export function findInvitationByKeyHash(db: Db, keyHash: string) {
  return db
    .select({ invitation: invitations, schoolName: schools.name, acceptedUsername: users.username })
    .from(invitations)
    .innerJoin(schools, eq(schools.id, invitations.schoolId))
    .leftJoin(users, eq(users.id, invitations.acceptedUserId))
    .where(eq(invitations.keyHash, keyHash))
    .limit(1)
    .then((rows) => rows[0] ?? null);
}

export async function deleteInvitation(db: Db, schoolId: number, id: number): Promise<void> {
  await db.delete(invitations).where(and(eq(invitations.id, id), eq(invitations.schoolId, schoolId)));
}

export async function setInvitationSuperuser(
  db: Db,
  schoolId: number,
  id: number,
  isSchoolSuperuser: boolean,
): Promise<InvitationRow | null> {
  const [row] = await db
    .update(invitations)
    .set({ isSchoolSuperuser })
    .where(and(eq(invitations.id, id), eq(invitations.schoolId, schoolId), isNull(invitations.acceptedAt)))
    .returning();
  return row ?? null;
}

/** Marks the invitation used, once: false when it was accepted already or expired meanwhile. */
export async function claimInvitation(
  db: Db,
  id: number,
  userId: number | null,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(invitations)
    .set({ acceptedAt: now, acceptedUserId: userId })
    .where(and(eq(invitations.id, id), isNull(invitations.acceptedAt), gt(invitations.expiresAt, now)))
    .returning({ id: invitations.id });
  return rows.length > 0;
}

export async function setAcceptedUser(db: Db, id: number, userId: number): Promise<void> {
  await db.update(invitations).set({ acceptedUserId: userId }).where(eq(invitations.id, id));
}

/** The address itself when it is free as a username, else the address with the first free "-n" suffix. */
export async function freeUsername(db: Db, email: string): Promise<string> {
  const base = email.toLowerCase().slice(0, 140);
  const rows = await db
    .select({ username: users.username })
    .from(users)
    .where(sql`lower(${users.username}) like ${`${base.replace(/[\\%_]/g, '\\$&')}%`}`);
  const taken = new Set(rows.map((row) => row.username.toLowerCase()));
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix += 1) {
    const candidate = `${base}-${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export async function createAccount(
  db: Db,
  values: {
    username: string;
    email: string;
    firstName: string;
    lastName: string;
    passwordHash: string;
    now: Date;
  },
) {
  const [user] = await db
    .insert(users)
    .values({
      username: values.username,
      email: values.email,
      firstName: values.firstName,
      lastName: values.lastName,
      passwordHash: values.passwordHash,
      dateJoined: values.now,
    })
    .returning();
  if (!user) throw new Error('account not created');
  await db.insert(userSettings).values({ userId: user.id });
  return user;
}

export async function addMembership(
  db: Db,
  values: { schoolId: number; userId: number; isSchoolSuperuser: boolean; now: Date },
): Promise<void> {
  await db
    .insert(schoolMemberships)
    .values({
      schoolId: values.schoolId,
      userId: values.userId,
      isSchoolSuperuser: values.isSchoolSuperuser,
      createdAt: values.now,
    })
    .onConflictDoNothing();
}
