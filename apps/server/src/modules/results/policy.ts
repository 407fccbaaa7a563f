import { canReadGroup, isSuperuser, type SchoolAccess } from '../../platform/access/index';

/*
 * Who may read which results. Outside the user's schools everything answers 404 (the resolver). Any member reads
 * the school's aggregates, limited to their groups for a teacher; a group outside a teacher's permitted groups
 * answers 404; only superusers set the school's ambitions (403 for other members).
 */

export const canReadSchoolResults = (_access: SchoolAccess): boolean => true;

export const canReadGroupResults = (access: SchoolAccess, groupId: number): boolean =>
  canReadGroup(access, groupId);

/**
 * The school's results reads cover every group (superusers and sencos: the access's groupIds is null, and so is
 * the scope access.ts hands the services); a teacher's cover their permitted groups only.
 */
export const readsWholeSchoolResults = (access: SchoolAccess): boolean => access.groupIds === null;

export const canEditAmbition = (access: SchoolAccess): boolean => isSuperuser(access);

/** The inspectorate's view covers every groep-8 pupil of the school: superusers and sencos (teachers 403). */
export const canReadInspection = (access: SchoolAccess): boolean => access.readsWholeSchool;

/** The schoolweging sets the school's 1S/2F signaleringswaarde: superusers only. */
export const canSetSchoolweging = (access: SchoolAccess): boolean => isSuperuser(access);
