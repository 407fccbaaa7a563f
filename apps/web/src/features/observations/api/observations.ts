import {
  observationEndpoints,
  type AspectCreate,
  type AspectUpdate,
  type ObservationCreate,
} from '@leerzicht/contract';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
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

/** `GET /social_emotional_aspects/?school_id=`: every aspect of the school by position, archived ones included. */
export function useAspects(schoolId: number) {
  return useQuery(endpointQueryOptions(observationEndpoints.aspects, { query: { school_id: schoolId } }));
}

/** The aspect list and the observation lists (which carry the aspects the pages show) follow a change. */
async function invalidateAspects(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    invalidate(queryClient, observationEndpoints.aspects),
    invalidate(queryClient, observationEndpoints.list),
  ]);
}

/** `POST /social_emotional_aspects/`: an own aspect of the school, after its last one. */
export function useCreateAspect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AspectCreate) => api.call(observationEndpoints.createAspect, { body }),
    onSuccess: async (result) => {
      if (!isSuppressed(result)) await invalidateAspects(queryClient);
    },
  });
}

export interface AspectChange {
  id: number;
  body: AspectUpdate;
}

/** `PATCH /social_emotional_aspects/:id/`: rename, move or (un)archive one aspect. */
export function useUpdateAspect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: AspectChange) =>
      api.call(observationEndpoints.updateAspect, { params: { id }, body }),
    onSuccess: async (result) => {
      if (!isSuppressed(result)) await invalidateAspects(queryClient);
    },
  });
}

/**
 * New positions of several aspects (a move swaps two), one `PATCH` each in turn; resolves to whether the session
 * held them back (read-only). The lists follow even when one fails, so they show what was stored.
 */
export function useMoveAspects() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (moves: readonly { id: number; position: number }[]) => {
      let suppressed = false;
      for (const { id, position } of moves) {
        const result = await api.call(observationEndpoints.updateAspect, {
          params: { id },
          body: { position },
        });
        suppressed ||= isSuppressed(result);
      }
      return { suppressed };
    },
    onSettled: async (result) => {
      if (!result?.suppressed) await invalidateAspects(queryClient);
    },
  });
}
