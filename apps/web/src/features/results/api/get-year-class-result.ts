import { yearClassResultSchema, type YearClassResult } from '@leerzicht/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const yearClassResultQueryKey = (yearClassId: number) => ['year-class-result', yearClassId] as const;

/** `GET /year_classes/{id}/result/`: the group's pupils with their results (404 outside the user's groups). */
export function getYearClassResult(yearClassId: number): Promise<YearClassResult> {
  return apiClient.get(`/year_classes/${yearClassId}/result`, yearClassResultSchema);
}

export function yearClassResultQueryOptions(yearClassId: number) {
  return queryOptions({
    queryKey: yearClassResultQueryKey(yearClassId),
    queryFn: () => getYearClassResult(yearClassId),
  });
}

export function useYearClassResultQuery(yearClassId: number) {
  return useQuery({ ...yearClassResultQueryOptions(yearClassId), throwOnError: true });
}
