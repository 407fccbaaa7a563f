import { pupilEndpoints, type PupilOutflowAdviceInput } from '@leerzicht/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isSuppressed } from '../../../lib/api-client';
import { invalidate } from '../../../lib/query-keys';

/** `POST /pupil-outflow-advice/` `{ pupilId, outflowAdvice }`: sets or replaces the pupil's advice. */
export function saveOutflowAdvice(input: PupilOutflowAdviceInput) {
  return api.call(pupilEndpoints.setOutflowAdvice, { body: input });
}

export function useSaveOutflowAdvice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOutflowAdvice,
    onSuccess: async (result) => {
      if (!isSuppressed(result)) await invalidate(queryClient, pupilEndpoints.detail);
    },
  });
}
