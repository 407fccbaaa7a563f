import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { schoolMemberships, teacherGroupPermissions } from '../db/schema/index';
import { forbidden, notFound } from './http-errors';

export interface SchoolAccess {
  schoolId: number;
  userId: number;
  isSchoolSuperuser: boolean;
  isSenco: boolean;
  /** Superusers and sencos read the whole school; teachers only their permitted groups. */
  readsWholeSchool: boolean;
}

/** The user's standing in a school; a school the user does not belong to answers 404, never 403. */
export async function requireSchoolAccess(db: Db, userId: number, schoolId: number): Promise<SchoolAccess> {
  const [membership] = await db
    .select()
    .from(schoolMemberships)
    .where(and(eq(schoolMemberships.userId, userId), eq(schoolMemberships.schoolId, schoolId)))
    .limit(1);
  if (!membership) throw notFound();
  return {
    schoolId,
    userId,
    isSchoolSuperuser: membership.isSchoolSuperuser,
    isSenco: membership.isSenco,
    readsWholeSchool: membership.isSchoolSuperuser || membership.isSenco,
  };
}

/** Group ids a teacher may read in a school (only meaningful when readsWholeSchool is false). */
export async function permittedGroupIds(db: Db, access: SchoolAccess): Promise<number[]> {
  const rows = await db
    .select({ id: teacherGroupPermissions.yearClassId })
    .from(teacherGroupPermissions)
    .where(
      and(
        eq(teacherGroupPermissions.userId, access.userId),
        eq(teacherGroupPermissions.schoolId, access.schoolId),
      ),
    );
  return rows.map((row) => row.id);
}

/** A superuser of the school: 404 outside the user's schools, 403 for its other members. */
export async function requireSchoolSuperuser(
  db: Db,
  userId: number,
  schoolId: number,
): Promise<SchoolAccess> {
  const access = await requireSchoolAccess(db, userId, schoolId);
  if (!access.isSchoolSuperuser) throw forbidden();
  return access;
}
