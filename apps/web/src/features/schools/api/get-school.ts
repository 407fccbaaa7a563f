import { schoolSchema, type School } from '@leerzicht/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export function getSchool(schoolId: number): Promise<School> {
  return apiClient.get(`/schools/${schoolId}`, schoolSchema);
}

export function schoolQueryOptions(schoolId: number) {
  return queryOptions({ queryKey: ['schools', schoolId], queryFn: () => getSchool(schoolId) });
}

/** Failures (404 for a school outside the user's schools) go to the route's error view. */
export function useSchoolQuery(schoolId: number) {
  return useQuery({ ...schoolQueryOptions(schoolId), throwOnError: true });
}
