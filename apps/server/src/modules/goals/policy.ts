import { canReadGroup, type SchoolAccess } from '../../platform/access/index';

/*
 * Who reads a group's test overview: whoever reads the group's results. Superusers and sencos every group of the
 * school, a teacher their permitted groups; another group, and anything of another school, answers 404.
 */

export const canReadGroupGoals = (access: SchoolAccess, groupId: number): boolean =>
  canReadGroup(access, groupId);
