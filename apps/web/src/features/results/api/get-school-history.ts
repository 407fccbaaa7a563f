import { schoolHistorySchema, type SchoolHistory } from '@leerzicht/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const schoolHistoryQueryKey = (schoolId: number) => ['school-history', schoolId] as const;

/** `GET /school_history/{id}/`: the school's results over the years (exams by year then time). */
export function getSchoolHistory(schoolId: number): Promise<SchoolHistory> {
  return apiClient.get(`/school_history/${schoolId}`, schoolHistorySchema);
}

export function schoolHistoryQueryOptions(schoolId: number) {
  return queryOptions({
    queryKey: schoolHistoryQueryKey(schoolId),
    queryFn: () => getSchoolHistory(schoolId),
  });
}

/** `throwOnError: false` lets a page show the failure in place (the school page keeps its groups). */
export function useSchoolHistoryQuery(
  schoolId: number,
  { throwOnError = true }: { throwOnError?: boolean } = {},
) {
  return useQuery({ ...schoolHistoryQueryOptions(schoolId), throwOnError });
}
