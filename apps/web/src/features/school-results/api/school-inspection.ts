import { resultEndpoints, type schoolwegingUpdateSchema } from '@leerzicht/contract';
import type { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isSuppressed } from '../../../lib/api-client';
import { endpointQueryOptions, invalidate } from '../../../lib/query-keys';

/** `GET /school-inspection/{id}/`: groep 8 at the reference levels over three years (superusers and sencos). */
export function useSchoolInspectionQuery(schoolId: number, enabled: boolean) {
  return useQuery({
    ...endpointQueryOptions(resultEndpoints.schoolInspection, { params: { id: schoolId } }),
    enabled,
    throwOnError: false,
  });
}

/**
 * `PATCH /schools/{id}/schoolweging/` (school superusers): the schoolweging and 1S/2F signaleringswaarde from the
 * inspectorate's letter; the inspection view follows.
 */
export function useUpdateSchoolweging(schoolId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof schoolwegingUpdateSchema>) =>
      api.call(resultEndpoints.updateSchoolweging, { params: { id: schoolId }, body }),
    onSuccess: async (result) => {
      if (isSuppressed(result)) return;
      await invalidate(queryClient, resultEndpoints.schoolInspection, { id: schoolId });
    },
  });
}
