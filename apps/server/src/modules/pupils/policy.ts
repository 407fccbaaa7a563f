import { canReadGroup, canReadPupil, type SchoolAccess } from '../../platform/access/index';

/*
 * One pupil: superusers and sencos read every pupil of the school; a teacher reads a pupil who was ever in one of
 * their permitted groups (others answer 404, so the teacher does not learn the pupil exists).
 */

export const canReadPupilDetail = (access: SchoolAccess, pupilGroupIds: readonly number[]): boolean =>
  canReadPupil(access, pupilGroupIds);

/** Outflow advice: superusers and sencos, and teachers of the pupil's current (latest) group (others 403). */
export const canSetOutflowAdvice = (access: SchoolAccess, latestGroupId: number | null): boolean =>
  access.groupIds === null || (latestGroupId !== null && canReadGroup(access, latestGroupId));

export const canPinPupil = canReadPupilDetail;

/** A pin is its user's own: only they remove it (anyone else gets 404, as for an unknown pin). */
export const canRemovePin = (user: { userId: number }, pin: { userId: number }): boolean =>
  pin.userId === user.userId;

/**
 * Doorstroomtoets results are entered and corrected as the outflow advice is set (superusers, sencos, teachers of
 * the pupil's current group), but not by users marked restricted (403).
 */
export const canWriteDoorstroomtoets = (access: SchoolAccess, latestGroupId: number | null): boolean =>
  !access.isRestricted && canSetOutflowAdvice(access, latestGroupId);
