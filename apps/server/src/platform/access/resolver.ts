import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schoolMemberships } from '../../db/schema/index';
import { notFound } from '../http-errors';
import { perRequest } from './per-request';

/** Who asks: the session's user, and for an impersonated session the one school it may read. */
export interface AccessSubject {
  userId: number;
  impersonatedSchoolId: number | null;
  /** A restricted user reads no notes. */
  isRestricted: boolean;
}

/** A member's standing in one school: the input of every module's policy functions. */
export interface SchoolAccess {
  schoolId: number;
  userId: number;
  isSchoolSuperuser: boolean;
  isSenco: boolean;
  /** Superusers and sencos read the whole school; teachers only their permitted groups. */
  readsWholeSchool: boolean;
  /** null: the whole school; otherwise the teacher's permitted group ids. */
  groupIds: number[] | null;
  /** The user is marked restricted: no notes (see note-reader.ts). */
  isRestricted: boolean;
}

async function load(db: Db, subject: AccessSubject, schoolId: number): Promise<SchoolAccess | null> {
  // An impersonated session reaches only the school it was started for, even when the user belongs to others.
  if (subject.impersonatedSchoolId !== null && subject.impersonatedSchoolId !== schoolId) return null;
  // Membership and, for a teacher, the permitted groups in one round trip.
  const [membership] = await db
    .select({
      isSchoolSuperuser: schoolMemberships.isSchoolSuperuser,
      isSenco: schoolMemberships.isSenco,
      groupIds: sql<number[]>`array(select p.year_class_id from teacher_group_permissions p
        where p.user_id = ${subject.userId} and p.school_id = ${schoolId} order by p.year_class_id)`,
    })
    .from(schoolMemberships)
    .where(and(eq(schoolMemberships.userId, subject.userId), eq(schoolMemberships.schoolId, schoolId)))
    .limit(1);
  if (!membership) return null;
  const readsWholeSchool = membership.isSchoolSuperuser || membership.isSenco;
  const groupIds = readsWholeSchool ? null : membership.groupIds.map(Number);
  return {
    schoolId,
    userId: subject.userId,
    isSchoolSuperuser: membership.isSchoolSuperuser,
    isSenco: membership.isSenco,
    readsWholeSchool,
    groupIds,
    isRestricted: subject.isRestricted,
  };
}

/**
 * The subject's standing in the school, or null when it is not a member (or it is outside an impersonation). Once
 * per request and school: a request that checks the same school twice asks the database once, and the audit hook
 * can tell which schools a request touched.
 */
export const resolveSchoolAccess = perRequest(load);

/** As resolveSchoolAccess; a school the user does not belong to answers 404, never 403. */
export async function requireSchoolAccess(
  db: Db,
  subject: AccessSubject,
  schoolId: number,
): Promise<SchoolAccess> {
  const access = await resolveSchoolAccess(db, subject, schoolId);
  if (!access) throw notFound();
  return access;
}

/** The schools this session was granted access to so far (for the audit of pupil-data reads and writes). */
export async function accessedSchoolIds(subject: AccessSubject): Promise<number[]> {
  const accesses = await Promise.all(resolveSchoolAccess.seen(subject));
  return accesses.flatMap((access) => (access ? [access.schoolId] : []));
}
