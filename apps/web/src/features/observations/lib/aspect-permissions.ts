import { useSchoolPermissions } from '../../../entities/school';

/** Superusers and sencos of the school manage its aspects (the server's canManageAspects); teachers do not. */
export function useCanManageAspects(schoolId: number): boolean {
  const permissions = useSchoolPermissions(schoolId);
  return permissions !== undefined && (permissions.isSchoolSuperuser || permissions.isSenco);
}
