import type { SchoolAccess } from '../../platform/access/index';

/** Any member reads the school; a teacher sees only their permitted groups in it (the access's groupIds). */
export const canReadSchool = (_access: SchoolAccess): boolean => true;
