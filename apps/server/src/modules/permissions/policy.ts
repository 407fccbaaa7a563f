import { isSuperuser, type SchoolAccess } from '../../platform/access/index';

/** Teacher group permissions: only the school's superusers read and change them (403 for other members). */
export const canManagePermissions = (access: SchoolAccess): boolean => isSuperuser(access);
