import { schoolSchema, type School } from '@leerzicht/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';
import { useCurrentProfile } from './current-profile';

/** The school with the groups (this user may see) of `schoolYear`. */
export function getSchool(schoolId: number, schoolYear: number): Promise<School> {
  return apiClient.get(`/schools/${schoolId}`, schoolSchema, { query: { school_year: schoolYear } });
}

export function schoolQueryOptions(schoolId: number, schoolYear: number) {
  return queryOptions({
    queryKey: ['schools', schoolId, schoolYear],
    queryFn: () => getSchool(schoolId, schoolYear),
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
