import type { Profile, SchoolAbilities } from '@leerzicht/contract';
import { useCurrentProfile } from '../../lib/current-profile';

/** A school that is not one of the user's: nothing may be done there (the server answers 404 to it anyway). */
const NO_ABILITIES: SchoolAbilities = {
  readWholeSchool: false,
  readInspection: false,
  setSchoolweging: false,
  editAmbitions: false,
  manageAspects: false,
  manageSchool: false,
  upload: false,
  activateConnection: false,
};

/**
 * What the user may do in one school, as the server's policies decided it (the profile's `abilities`). Menus,
 * pages and buttons read these and never work anything out from roles.
 */
export function schoolAbilitiesOf(
  profile: Pick<Profile, 'schools'>,
  schoolId: number | null,
): SchoolAbilities {
  return profile.schools.find((school) => school.id === schoolId)?.abilities ?? NO_ABILITIES;
}

export function useSchoolAbilities(schoolId: number | null): SchoolAbilities {
  return schoolAbilitiesOf(useCurrentProfile(), schoolId);
}
