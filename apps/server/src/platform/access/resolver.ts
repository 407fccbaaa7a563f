import { and, eq, sql, type Placeholder, type SQLWrapper } from 'drizzle-orm';
import { builtOncePerDb } from '../../db/built-once';
import { NAMED_BY_TEXT } from '../../db/prepared-statements';
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

/**
 * The membership columns of user `userId` in the school `schoolId` (a placeholder or a column): the flags of
 * `school_memberships` and, for a teacher, the permitted groups. Group and pupil lookups select them beside their
 * own row (joined on the row's school), so their school's access costs no round trip of its own.
 */
export function membershipColumns(userId: Placeholder, schoolId: SQLWrapper | Placeholder) {
  return {
    isSchoolSuperuser: schoolMemberships.isSchoolSuperuser,
    isSenco: schoolMemberships.isSenco,
    groupIds: sql<number[]>`array(select p.year_class_id from teacher_group_permissions p
      where p.user_id = ${userId} and p.school_id = ${schoolId} order by p.year_class_id)`,
  };
}

/** The join condition of user `userId`'s membership row in the school `schoolId` (for a left join). */
export const membershipOf = (userId: Placeholder, schoolId: SQLWrapper) =>
  and(eq(schoolMemberships.userId, userId), eq(schoolMemberships.schoolId, schoolId));

/** An impersonated session reaches only the school it was started for, even when the user belongs to others. */
const outsideImpersonation = (subject: AccessSubject, schoolId: number) =>
  subject.impersonatedSchoolId !== null && subject.impersonatedSchoolId !== schoolId;

/** The access a membership row gives; null for no row (a left join's nulls) or a school outside an impersonation. */
export function accessOf(
  subject: AccessSubject,
  schoolId: number,
  membership:
    { isSchoolSuperuser: boolean | null; isSenco: boolean | null; groupIds: number[] } | null | undefined,
): SchoolAccess | null {
  if (outsideImpersonation(subject, schoolId)) return null;
  if (!membership || membership.isSchoolSuperuser === null || membership.isSenco === null) return null;
  const readsWholeSchool = membership.isSchoolSuperuser || membership.isSenco;
  return {
    schoolId,
    userId: subject.userId,
    isSchoolSuperuser: membership.isSchoolSuperuser,
    isSenco: membership.isSenco,
    readsWholeSchool,
    groupIds: readsWholeSchool ? null : membership.groupIds.map(Number),
    isRestricted: subject.isRestricted,
  };
}

/** Accesses a lookup of this request already read with its row, by school; taken before asking the database. */
const known = new WeakMap<AccessSubject, Map<number, SchoolAccess | null>>();

/**
 * Hands over the access a group or pupil lookup read beside its row. It counts as the request's access to that
 * school only once a check asks for it (`seen` reports what was asked), and a school asked for before keeps
 * what it had.
 */
export function rememberAccess(subject: AccessSubject, schoolId: number, access: SchoolAccess | null): void {
  let bySchool = known.get(subject);
  if (!bySchool) {
    bySchool = new Map();
    known.set(subject, bySchool);
  }
  if (!bySchool.has(schoolId)) bySchool.set(schoolId, access);
}

/** Membership and, for a teacher, the permitted groups in one round trip. */
const membershipIn = builtOncePerDb((db) => {
  const userId = sql.placeholder('userId');
  const schoolId = sql.placeholder('schoolId');
  return db
    .select(membershipColumns(userId, schoolId))
    .from(schoolMemberships)
    .where(and(eq(schoolMemberships.userId, userId), eq(schoolMemberships.schoolId, schoolId)))
    .limit(1)
    .prepare(NAMED_BY_TEXT);
});

async function load(db: Db, subject: AccessSubject, schoolId: number): Promise<SchoolAccess | null> {
  const remembered = known.get(subject);
  if (remembered?.has(schoolId)) return remembered.get(schoolId) ?? null;
  if (outsideImpersonation(subject, schoolId)) return null;
  const [membership] = await membershipIn(db).execute({ userId: subject.userId, schoolId });
  return accessOf(subject, schoolId, membership);
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
