import { resultEndpoints } from '@leerzicht/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointQueryOptions } from '../../../lib/query-keys';

/** `GET /school_history/{id}/`: the school's results over the years (exams by year then time). */
export function schoolHistoryQueryOptions(schoolId: number) {
  return endpointQueryOptions(resultEndpoints.schoolHistory, { params: { id: schoolId } });
}

/** `throwOnError: false` lets a page show the failure in place (the school page keeps its groups). */
export function useSchoolHistoryQuery(
  schoolId: number,
  { throwOnError = true }: { throwOnError?: boolean } = {},
) {
  return useQuery({ ...schoolHistoryQueryOptions(schoolId), throwOnError });
}
