import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schoolMemberships, teacherGroupPermissions, yearClasses } from '../../db/schema/index';

/** Every member of the school with the group ids they may read (empty for none). */
export async function listSchoolPermissions(db: Db, schoolId: number): Promise<Map<number, number[]>> {
  const members = await db
    .select({ userId: schoolMemberships.userId })
    .from(schoolMemberships)
    .where(eq(schoolMemberships.schoolId, schoolId))
    .orderBy(asc(schoolMemberships.userId));
  const byUser = new Map<number, number[]>(members.map((member) => [member.userId, []]));
  const rows = await db
    .select({ userId: teacherGroupPermissions.userId, groupId: teacherGroupPermissions.yearClassId })
    .from(teacherGroupPermissions)
    .where(eq(teacherGroupPermissions.schoolId, schoolId))
    .orderBy(asc(teacherGroupPermissions.yearClassId));
  for (const row of rows) byUser.get(row.userId)?.push(row.groupId);
  return byUser;
}

export async function userGroupIds(db: Db, schoolId: number, userId: number): Promise<number[]> {
  const rows = await db
    .select({ groupId: teacherGroupPermissions.yearClassId })
    .from(teacherGroupPermissions)
    .where(and(eq(teacherGroupPermissions.schoolId, schoolId), eq(teacherGroupPermissions.userId, userId)))
    .orderBy(asc(teacherGroupPermissions.yearClassId));
  return rows.map((row) => row.groupId);
}

export async function isMember(db: Db, schoolId: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: schoolMemberships.id })
    .from(schoolMemberships)
    .where(and(eq(schoolMemberships.schoolId, schoolId), eq(schoolMemberships.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

/** The subset of `groupIds` that are groups of this school. */
export async function existingGroupIds(db: Db, schoolId: number, groupIds: number[]): Promise<Set<number>> {
  const rows = await db
    .select({ id: yearClasses.id })
    .from(yearClasses)
    .where(and(eq(yearClasses.schoolId, schoolId), inArray(yearClasses.id, groupIds)));
  return new Set(rows.map((row) => row.id));
}

export async function addPermissions(
  db: Db,
  schoolId: number,
  userId: number,
  groupIds: number[],
): Promise<void> {
  await db
    .insert(teacherGroupPermissions)
    .values(groupIds.map((yearClassId) => ({ schoolId, userId, yearClassId })))
    .onConflictDoNothing();
}

export async function removePermissions(
  db: Db,
  schoolId: number,
  userId: number,
  groupIds: number[],
): Promise<void> {
  await db
    .delete(teacherGroupPermissions)
    .where(
      and(
        eq(teacherGroupPermissions.schoolId, schoolId),
        eq(teacherGroupPermissions.userId, userId),
        inArray(teacherGroupPermissions.yearClassId, groupIds),
      ),
    );
}
