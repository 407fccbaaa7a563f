import type { SchoolAccess } from '../../platform/access/index';

/** Any member may hide a notice of their school for themselves. */
export const canHideNotice = (_access: SchoolAccess): boolean => true;
