import type { Profile } from '@leerzicht/contract';
import { useCurrentProfile } from '../../lib/current-profile';

/** What the user may do in one school, as the server decided it (superuser, senco, permitted groups). */
export type SchoolPermissions = Profile['schools'][number];

/** The profile's entry for the school; undefined for a school that is not one of the user's. */
export function schoolPermissionsOf(
  profile: Pick<Profile, 'schools'>,
  schoolId: number | null,
): SchoolPermissions | undefined {
  return profile.schools.find((school) => school.id === schoolId);
}

export function useSchoolPermissions(schoolId: number | null): SchoolPermissions | undefined {
  return schoolPermissionsOf(useCurrentProfile(), schoolId);
}

/** Superusers and sencos see every group of the school; a teacher only their own (undefined: not a member). */
export const readsWholeSchool = (permissions: SchoolPermissions | undefined): boolean =>
  permissions !== undefined && (permissions.isSchoolSuperuser || permissions.isSenco);
