import { schoolAmbitionSchema, type SchoolAmbitionUpdate } from '@leerzicht/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { schoolHistoryQueryKey } from './get-school-history';

/** `PATCH /school_ambitions/{id}/` `{ id, lowScore, highScore }` (school superusers). */
export function updateSchoolAmbition(update: SchoolAmbitionUpdate) {
  return apiClient.patch(`/school_ambitions/${update.id}`, update, schoolAmbitionSchema.partial());
}

export function useUpdateSchoolAmbition(schoolId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSchoolAmbition,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schoolHistoryQueryKey(schoolId) }),
  });
}
