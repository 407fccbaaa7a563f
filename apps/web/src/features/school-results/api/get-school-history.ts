import { resultEndpoints, unpackSchoolHistory } from '@leerzicht/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeyOf } from '../../../lib/query-keys';

/**
 * `GET /school_history/{id}/`: the school's results over the years (exams by year then time). The answer comes
 * compact; the cache holds it unpacked, as the pages read it.
 */
export function schoolHistoryQueryOptions(schoolId: number) {
  const input = { params: { id: schoolId } };
  return queryOptions({
    queryKey: queryKeyOf(resultEndpoints.schoolHistory, input),
    queryFn: async ({ signal }) =>
      unpackSchoolHistory(await api.call(resultEndpoints.schoolHistory, input, { signal })),
  });
}

/** `throwOnError: false` lets a page show the failure in place (the school page keeps its groups). */
export function useSchoolHistoryQuery(
  schoolId: number,
  { throwOnError = true }: { throwOnError?: boolean } = {},
) {
  return useQuery({ ...schoolHistoryQueryOptions(schoolId), throwOnError });
}
