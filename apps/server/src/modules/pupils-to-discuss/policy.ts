import { canReadGroup, type SchoolAccess } from '../../platform/access/index';

/*
 * Who reads which pupils to discuss: as the group results. Any member of the school may ask for the school list,
 * which holds only the pupils of the groups they read (a teacher's permitted groups; sencos and superusers every
 * group); a group outside a teacher's groups answers 404. Users marked restricted read results, and this list
 * carries results only (no notes), so they read it too.
 */
export const canReadSchoolList = (_access: SchoolAccess): boolean => true;

export const canReadGroupList = (access: SchoolAccess, groupId: number): boolean =>
  canReadGroup(access, groupId);
