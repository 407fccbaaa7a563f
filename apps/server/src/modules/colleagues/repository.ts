import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invitations, schoolMemberships, teacherGroupPermissions, users } from '../../db/schema/index';

export type MembershipRow = typeof schoolMemberships.$inferSelect;

export function listMembers(db: Db, schoolId: number) {
  return db
    .select({
      membershipId: schoolMemberships.id,
      userId: users.id,
      isSchoolSuperuser: schoolMemberships.isSchoolSuperuser,
      isSenco: schoolMemberships.isSenco,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(schoolMemberships)
    .innerJoin(users, eq(users.id, schoolMemberships.userId))
    .where(eq(schoolMemberships.schoolId, schoolId));
}

/** Invitations of the school that are neither accepted nor expired. */
export function listOpenInvitations(db: Db, schoolId: number, now: Date) {
  return db
    .select({
      id: invitations.id,
      email: invitations.email,
      isSchoolSuperuser: invitations.isSchoolSuperuser,
    })
    .from(invitations)
    .where(
      and(eq(invitations.schoolId, schoolId), isNull(invitations.acceptedAt), gt(invitations.expiresAt, now)),
    )
    .orderBy(asc(invitations.email));
}

/**
 * The school's superusers, locked until the transaction ends, so two concurrent removals or demotions cannot
 * both see "another superuser remains" and leave the school without one.
 */
export async function lockSuperuserIds(db: Db, schoolId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: schoolMemberships.userId })
    .from(schoolMemberships)
    .where(and(eq(schoolMemberships.schoolId, schoolId), eq(schoolMemberships.isSchoolSuperuser, true)))
    .for('update');
  return rows.map((row) => row.userId);
}

export function findMembership(db: Db, schoolId: number, userId: number) {
  return db
    .select()
    .from(schoolMemberships)
    .where(and(eq(schoolMemberships.schoolId, schoolId), eq(schoolMemberships.userId, userId)))
    .limit(1)
    .then((rows) => rows[0] ?? null);
}

/** Ends a membership together with the user's group permissions in that school. */
export async function deleteMembership(db: Db, schoolId: number, userId: number): Promise<void> {
  await db
    .delete(teacherGroupPermissions)
    .where(and(eq(teacherGroupPermissions.schoolId, schoolId), eq(teacherGroupPermissions.userId, userId)));
  await db
    .delete(schoolMemberships)
    .where(and(eq(schoolMemberships.schoolId, schoolId), eq(schoolMemberships.userId, userId)));
}

export async function updateMembership(
  db: Db,
  schoolId: number,
  userId: number,
  values: { isSchoolSuperuser: boolean; isSenco?: boolean },
): Promise<MembershipRow | null> {
  const [row] = await db
    .update(schoolMemberships)
    .set(values)
    .where(and(eq(schoolMemberships.schoolId, schoolId), eq(schoolMemberships.userId, userId)))
    .returning();
  return row ?? null;
}

export function findUserNameAndEmail(db: Db, userId: number) {
  return db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
    .then((rows) => rows[0] ?? null);
}
