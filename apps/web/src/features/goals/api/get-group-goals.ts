import { groupGoalEndpoints } from '@leerzicht/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointQueryOptions } from '../../../lib/query-keys';

/** `GET /year_classes/{id}/goals/`: the group's test overview (404 outside the user's groups). */
export function groupGoalsQueryOptions(yearClassId: number) {
  return endpointQueryOptions(groupGoalEndpoints.get, { params: { id: yearClassId } });
}

export function useGroupGoalsQuery(yearClassId: number) {
  return useQuery({ ...groupGoalsQueryOptions(yearClassId), throwOnError: true });
}
