import { schoolEndpoints } from '@leerzicht/contract';
import { useQuery } from '@tanstack/react-query';
import { useCurrentProfile } from '../../lib/current-profile';
import { endpointQueryOptions } from '../../lib/query-keys';

/** `GET /schools/{id}/?school_year=`: the school with the groups (this user may see) of that school year. */
export function schoolQueryOptions(schoolId: number, schoolYear: number) {
  return endpointQueryOptions(schoolEndpoints.school, {
    params: { id: schoolId },
    query: { school_year: schoolYear },
  });
}

/** The school in the session's chosen school year (the profile's currentSchoolYear). */
export function useSchoolQuery(schoolId: number, { throwOnError = true }: { throwOnError?: boolean } = {}) {
  const { currentSchoolYear } = useCurrentProfile();
  return useQuery({
    ...schoolQueryOptions(schoolId, currentSchoolYear),
    // Failures (404 for a school outside the user's schools) go to the route's error view.
    throwOnError,
    enabled: Number.isSafeInteger(schoolId) && schoolId > 0,
  });
}
