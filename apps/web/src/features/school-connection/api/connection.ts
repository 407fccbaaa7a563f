import { schoolConnectionEndpoints, schoolEndpoints } from '@leerzicht/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isSuppressed } from '../../../lib/api-client';
import { endpointQueryOptions, invalidate } from '../../../lib/query-keys';

/** `GET /schools/{id}/connection/`: the link's state and who changed it when (superusers and provider staff). */
export function useConnectionQuery(schoolId: number) {
  return useQuery({
    ...endpointQueryOptions(schoolConnectionEndpoints.get, { params: { id: schoolId } }),
    throwOnError: true,
  });
}

/**
 * `PUT /schools/{id}/connection/`: switches the link off (or on, provider staff). The school is read again, so
 * that its `isConnectionActive` (and with it the disconnected-school dialog) follows at once.
 */
export function useUpdateConnection(schoolId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isConnectionActive: boolean) =>
      api.call(schoolConnectionEndpoints.update, { params: { id: schoolId }, body: { isConnectionActive } }),
    onSuccess: async (result) => {
      if (isSuppressed(result)) return;
      await Promise.all([
        invalidate(queryClient, schoolConnectionEndpoints.get, { id: schoolId }),
        invalidate(queryClient, schoolEndpoints.school, { id: schoolId }),
      ]);
    },
  });
}
