import { resultEndpoints, type SchoolAmbitionUpdate } from '@leerzicht/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isSuppressed } from '../../../lib/api-client';
import { invalidate } from '../../../lib/query-keys';

/** `PATCH /school_ambitions/{id}/` `{ id, lowScore, highScore }` (school superusers). */
export function updateSchoolAmbition(update: SchoolAmbitionUpdate) {
  return api.call(resultEndpoints.updateAmbition, { params: { id: update.id }, body: update });
}

export function useUpdateSchoolAmbition(schoolId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSchoolAmbition,
    onSuccess: async (result) => {
      if (!isSuppressed(result))
        await invalidate(queryClient, resultEndpoints.schoolHistory, { id: schoolId });
    },
  });
}
