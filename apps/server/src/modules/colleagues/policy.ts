import { isSuperuser, type SchoolAccess } from '../../platform/access/index';

/*
 * Colleagues of a school. The list holds colleagues' e-mail addresses: superusers and sencos read it, teachers get
 * 403. Only superusers change or end memberships.
 */

export const canListColleagues = (access: SchoolAccess): boolean => access.readsWholeSchool;

export const canManageColleagues = (access: SchoolAccess): boolean => isSuperuser(access);
