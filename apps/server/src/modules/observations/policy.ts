import { canReadGroup, canReadPupil, type SchoolAccess } from '../../platform/access/index';

/*
 * Social-emotional observations. Outside the user's schools, and for a teacher outside their permitted groups,
 * everything answers 404. Within reach:
 * - users marked restricted (users.is_restricted) read and write no observations (403);
 * - a confidential observation is read only by its author, sencos and superusers (others: 404, as if absent);
 * - its author, sencos and superusers change or delete an observation (others who read it: 403);
 * - a teacher records observations for the groups they are permitted on (the pupil's group of that school year);
 * - superusers and sencos manage the school's aspects; every member reads them.
 */

export const canReadPupilObservations = (access: SchoolAccess, pupilGroupIds: readonly number[]): boolean =>
  canReadPupil(access, pupilGroupIds);

export const canReadGroupObservations = (access: SchoolAccess, groupId: number): boolean =>
  canReadGroup(access, groupId);

export const mayUseObservations = (user: { isRestricted: boolean }): boolean => !user.isRestricted;

export interface ObservationOwnership {
  confidential: boolean;
  authorId: number | null;
}

const isAuthor = (access: SchoolAccess, observation: ObservationOwnership): boolean =>
  observation.authorId !== null && observation.authorId === access.userId;

export const canReadObservation = (access: SchoolAccess, observation: ObservationOwnership): boolean =>
  !observation.confidential || access.readsWholeSchool || isAuthor(access, observation);

export const canEditObservation = (access: SchoolAccess, observation: ObservationOwnership): boolean =>
  access.readsWholeSchool || isAuthor(access, observation);

/** Recording for the pupil's group of the observation's school year. */
export const canRecordObservation = (access: SchoolAccess, yearClassId: number): boolean =>
  canReadGroup(access, yearClassId);

export const canReadAspects = (_access: SchoolAccess): boolean => true;

export const canManageAspects = (access: SchoolAccess): boolean => access.isSchoolSuperuser || access.isSenco;
