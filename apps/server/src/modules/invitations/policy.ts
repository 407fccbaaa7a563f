import { isSuperuser, type SchoolAccess } from '../../platform/access/index';

/** Only the school's superusers invite colleagues and change or withdraw open invitations (403 for other members). */
export const canManageInvitations = (access: SchoolAccess): boolean => isSuperuser(access);
