import { observationEndpoints, type ObservationCreate } from '@leerzicht/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isSuppressed } from '../../../lib/api-client';
import { endpointQueryOptions, invalidate } from '../../../lib/query-keys';

/** `GET /social_emotional_observation/?pupil_id=`: the pupil's observations, oldest first, with the aspects. */
export function usePupilObservations(pupilId: number) {
  return useQuery({
    ...endpointQueryOptions(observationEndpoints.list, { query: { pupil_id: pupilId } }),
    throwOnError: true,
  });
}

/** `GET /social_emotional_observation/?yearclass_id=`: each pupil's latest observation, attention first. */
export function useGroupObservations(yearClassId: number) {
  return useQuery({
    ...endpointQueryOptions(observationEndpoints.list, { query: { yearclass_id: yearClassId } }),
    throwOnError: true,
  });
}

/** `POST /social_emotional_observation/`; the pupil's and the group's lists follow. */
export function useCreateObservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ObservationCreate) => api.call(observationEndpoints.create, { body }),
    onSuccess: async (result) => {
      if (!isSuppressed(result)) await invalidate(queryClient, observationEndpoints.list);
    },
  });
}
