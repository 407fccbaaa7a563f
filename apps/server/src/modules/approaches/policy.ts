import { canReadGroup, canReadPupil, type SchoolAccess } from '../../platform/access/index';

/*
 * Instruction groups. Superusers and sencos read and set them for the whole school; a teacher for the pupils and
 * groups of their permitted groups. Everything else answers 404 (the user does not learn it exists).
 */

export const canReadPupilApproaches = (access: SchoolAccess, pupilGroupIds: readonly number[]): boolean =>
  canReadPupil(access, pupilGroupIds);

export const canReadGroupApproaches = (access: SchoolAccess, groupId: number): boolean =>
  canReadGroup(access, groupId);

export const canSetGroupApproaches = (access: SchoolAccess, groupId: number): boolean =>
  canReadGroup(access, groupId);
