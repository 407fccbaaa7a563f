import { resultEndpoints, unpackYearClassResult } from '@leerzicht/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeyOf } from '../../lib/query-keys';

/**
 * `GET /year_classes/{id}/result/`: the group's pupils with their results (404 outside the user's groups). The
 * answer comes compact; the cache holds it unpacked, as the pages read it.
 */
export function yearClassResultQueryOptions(yearClassId: number) {
  const input = { params: { id: yearClassId } };
  return queryOptions({
    queryKey: queryKeyOf(resultEndpoints.yearClassResult, input),
    queryFn: async ({ signal }) =>
      unpackYearClassResult(await api.call(resultEndpoints.yearClassResult, input, { signal })),
  });
}

export function useYearClassResultQuery(yearClassId: number) {
  return useQuery({ ...yearClassResultQueryOptions(yearClassId), throwOnError: true });
}
