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

export function useSchoolHistoryQuery(schoolId: number) {
  return useQuery({ ...schoolHistoryQueryOptions(schoolId), throwOnError: true });
}
