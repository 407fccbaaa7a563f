import { isSuperuser, type SchoolAccess } from '../../platform/access/index';

/**
 * Retention of pupils who left is the school's own duty under privacy law: its superusers see and act on it.
 * Provider staff count only where they are a superuser of the school themselves.
 */
export const canManageRetention = (access: SchoolAccess): boolean => isSuperuser(access);
