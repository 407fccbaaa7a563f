import { pupilOutflowAdviceSchema, type PupilOutflowAdviceInput } from '@leerzicht/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** `POST /pupil-outflow-advice/` `{ pupilId, outflowAdvice }`: sets or replaces the pupil's advice. */
export function saveOutflowAdvice(input: PupilOutflowAdviceInput) {
  return apiClient.post('/pupil-outflow-advice', input, pupilOutflowAdviceSchema.partial());
}

export function useSaveOutflowAdvice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOutflowAdvice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['pupil'] }),
  });
}
