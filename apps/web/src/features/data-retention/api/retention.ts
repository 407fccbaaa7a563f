import { pupilEndpoints, resultEndpoints, retentionEndpoints } from '@leerzicht/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isSuppressed } from '../../../lib/api-client';
import { endpointQueryOptions, invalidate } from '../../../lib/query-keys';

/** `GET /schools/{id}/retention/`: the settings, the cut-off and the pupils due for removal (superusers). */
export function useRetentionQuery(schoolId: number) {
  return useQuery({
    ...endpointQueryOptions(retentionEndpoints.overview, { params: { id: schoolId } }),
    throwOnError: true,
  });
}

/** `PUT /schools/{id}/retention/`: the period and the scheduled removal; the answer is the new overview. */
export function useRetentionSettings(schoolId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { retentionYears: number; autoRemoveLeftPupils: boolean }) =>
      api.call(retentionEndpoints.settings, { params: { id: schoolId }, body }),
    onSuccess: async (result) => {
      if (isSuppressed(result)) return;
      await invalidate(queryClient, retentionEndpoints.overview, { id: schoolId });
    },
  });
}

/** `POST /schools/{id}/retention/remove/`: removes the pupils with all their data; pupil and results reads follow. */
export function useRemovePupils(schoolId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pupilIds: number[]) =>
      api.call(retentionEndpoints.remove, { params: { id: schoolId }, body: { pupilIds } }),
    onSuccess: async (result) => {
      if (isSuppressed(result)) return;
      await Promise.all([
        invalidate(queryClient, retentionEndpoints.overview, { id: schoolId }),
        ...Object.values(pupilEndpoints).map((endpoint) => invalidate(queryClient, endpoint)),
        ...Object.values(resultEndpoints).map((endpoint) => invalidate(queryClient, endpoint)),
      ]);
    },
  });
}
