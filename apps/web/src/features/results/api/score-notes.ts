import {
  pupilEndpoints,
  resultEndpoints,
  scoreNoteEndpoints,
  type CitoScoreNoteCreate,
} from '@leerzicht/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isSuppressed } from '../../../lib/api-client';
import { invalidate } from '../../../lib/query-keys';

/** `POST /cito_score_note/`: a note on a national result; the pupil page and the group results follow. */
export function useCreateCitoScoreNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CitoScoreNoteCreate) => api.call(scoreNoteEndpoints.createCito, { body }),
    onSuccess: async (result) => {
      if (isSuppressed(result)) return;
      await invalidate(queryClient, pupilEndpoints.detail);
      await invalidate(queryClient, resultEndpoints.yearClassResult);
    },
  });
}
