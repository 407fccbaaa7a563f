import { resultEndpoints } from '@leerzicht/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointQueryOptions } from '../../lib/query-keys';

/** `GET /year_classes/{id}/result/`: the group's pupils with their results (404 outside the user's groups). */
export function yearClassResultQueryOptions(yearClassId: number) {
  return endpointQueryOptions(resultEndpoints.yearClassResult, { params: { id: yearClassId } });
}

export function useYearClassResultQuery(yearClassId: number) {
  return useQuery({ ...yearClassResultQueryOptions(yearClassId), throwOnError: true });
}
