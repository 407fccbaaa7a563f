import {
  approachEndpoints,
  catalogEndpoints,
  type ApproachBatch,
  type RomanLevel,
  type SetApproach,
} from '@leerzicht/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isSuppressed } from '../../../lib/api-client';
import { endpointQueryOptions, invalidate } from '../../../lib/query-keys';

export function useSubjects() {
  return useQuery({ ...endpointQueryOptions(catalogEndpoints.subjects, {}), staleTime: Infinity });
}

/** `GET /pupil_approaches/?yearclass_id=&subject_id=`: every pupil of the group with their approach. */
export function useGroupApproaches(yearClassId: number, subjectId: number | null) {
  return useQuery({
    ...endpointQueryOptions(approachEndpoints.list, {
      query: { yearclass_id: yearClassId, subject_id: subjectId ?? 0 },
    }),
    enabled: subjectId !== null,
  });
}

/** `GET /pupil_approaches/suggestion/`: a proposal from the latest results; it changes nothing. */
export function useApproachSuggestion(
  yearClassId: number,
  subjectId: number,
  levels: { enrichedFrom: RomanLevel; intensiveFrom: RomanLevel } | null,
) {
  return useQuery({
    ...endpointQueryOptions(approachEndpoints.suggestion, {
      query: {
        yearclass_id: yearClassId,
        subject_id: subjectId,
        enriched_from: levels?.enrichedFrom ?? 'II',
        intensive_from: levels?.intensiveFrom ?? 'IV',
      },
    }),
    enabled: levels !== null,
  });
}

function useRefreshApproaches() {
  const queryClient = useQueryClient();
  return async (result: unknown) => {
    if (isSuppressed(result)) return;
    await invalidate(queryClient, approachEndpoints.list);
    await invalidate(queryClient, approachEndpoints.logs);
  };
}

/** `POST /pupil_approaches/`: one pupil moves; the change is logged on the server. */
export function useSetApproach() {
  const refresh = useRefreshApproaches();
  return useMutation({
    mutationFn: (body: SetApproach) => api.call(approachEndpoints.set, { body }),
    onSuccess: refresh,
  });
}

/** `POST /pupil_approaches/batch/`: a reviewed suggestion, saved at once. */
export function useSaveApproaches() {
  const refresh = useRefreshApproaches();
  return useMutation({
    mutationFn: (body: ApproachBatch) => api.call(approachEndpoints.setBatch, { body }),
    onSuccess: refresh,
  });
}
