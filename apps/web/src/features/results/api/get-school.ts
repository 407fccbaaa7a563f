import { schoolSchema, type School } from '@leerzicht/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useCurrentProfile } from '../../../lib/current-profile';

/** `GET /schools/{id}/?school_year=`: the school with its groups of that school year (same key as the school list). */
export function getSchool(schoolId: number, schoolYear: number): Promise<School> {
  return apiClient.get(`/schools/${schoolId}`, schoolSchema, { query: { school_year: schoolYear } });
}

export function schoolQueryOptions(schoolId: number, schoolYear: number) {
  return queryOptions({
    queryKey: ['schools', schoolId, schoolYear],
    queryFn: () => getSchool(schoolId, schoolYear),
  });
}

/** The school in the session's school year; a 404 (not one of the user's schools) goes to the route's error view. */
export function useSchoolQuery(schoolId: number) {
  const { currentSchoolYear } = useCurrentProfile();
  return useQuery({ ...schoolQueryOptions(schoolId, currentSchoolYear), throwOnError: true });
}
