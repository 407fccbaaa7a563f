import { forbidden, notFound } from '../http-errors';
import type { SchoolAccess } from './resolver';

/**
 * Policies are small pure functions of (access, object) -> allowed, one file per module. These are the rules
 * every module shares; `allowOr404` and `allowOr403` turn a verdict into the API's answer: what the user may
 * not even know about answers 404, what they can see but not do answers 403.
 */
export const isSuperuser = (access: SchoolAccess): boolean => access.isSchoolSuperuser;

/** A group the user may read: every group for superusers and sencos, a teacher's permitted groups. */
export const canReadGroup = (access: SchoolAccess, groupId: number): boolean =>
  access.groupIds === null || access.groupIds.includes(groupId);

/** A pupil the user may read: anyone in the school for superusers and sencos; for a teacher, a pupil ever enrolled in one of their groups. */
export const canReadPupil = (access: SchoolAccess, pupilGroupIds: readonly number[]): boolean =>
  access.groupIds === null || pupilGroupIds.some((id) => canReadGroup(access, id));

export function allowOr404(allowed: boolean): void {
  if (!allowed) throw notFound();
}

export function allowOr403(allowed: boolean): void {
  if (!allowed) throw forbidden();
}
