import { isSuperuser, type SchoolAccess } from '../../platform/access/index';

/** The national-test blacklist is kept by the school's superusers: others of the school see it is there (403). */
export const canManageExclusions = (access: SchoolAccess): boolean => isSuperuser(access);
