import type { Db } from '../../db/client';
import { notFound } from '../http-errors';
import { groupFor, pupilTenancyFor } from './lookups';
import { allowOr403, allowOr404, canReadGroup, canReadPupil } from './policy';
import { requireSchoolAccess, type AccessSubject, type SchoolAccess } from './resolver';

/*
 * The checks a route's policy runs: find the school of what is asked for, resolve the caller's access to it
 * (404 for non-members), then apply the module's pure policy function. What a member may not see answers 404,
 * what a member sees but may not do answers 403.
 */

/**
 * The signed-in user must pass a module's rule about the account itself (e.g. users marked restricted read results
 * but no notes, observations or plans): else 403. The flag comes with the session, which resolves only for an
 * account that exists and is active.
 */
export function authorizeUser(
  subject: AccessSubject,
  mayUse: (user: { isRestricted: boolean }) => boolean,
): void {
  allowOr403(mayUse({ isRestricted: subject.isRestricted }));
}

export async function authorizeSchool(
  db: Db,
  subject: AccessSubject,
  schoolId: number,
  mayAct: (access: SchoolAccess) => boolean = () => true,
): Promise<SchoolAccess> {
  const access = await requireSchoolAccess(db, subject, schoolId);
  allowOr403(mayAct(access));
  return access;
}

export async function authorizeGroup(
  db: Db,
  subject: AccessSubject,
  groupId: number,
  maySee: (access: SchoolAccess, groupId: number) => boolean = canReadGroup,
): Promise<SchoolAccess> {
  const group = await groupFor(db, subject, groupId);
  if (!group) throw notFound();
  const access = await requireSchoolAccess(db, subject, group.schoolId);
  allowOr404(maySee(access, groupId));
  return access;
}

/** A pupil the caller may read; with `schoolId`, the pupil must belong to that school as well. */
export async function authorizePupil(
  db: Db,
  subject: AccessSubject,
  pupilId: number,
  schoolId?: number,
  maySee: (access: SchoolAccess, pupilGroupIds: readonly number[]) => boolean = canReadPupil,
): Promise<SchoolAccess> {
  const tenancy = await pupilTenancyFor(db, subject, pupilId);
  if (!tenancy || (schoolId !== undefined && tenancy.schoolId !== schoolId)) throw notFound();
  const access = await requireSchoolAccess(db, subject, tenancy.schoolId);
  allowOr404(maySee(access, tenancy.groupIds));
  return access;
}
