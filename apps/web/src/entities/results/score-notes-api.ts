import {
  allNoteEndpoints,
  pupilEndpoints,
  resultEndpoints,
  scoreNoteEndpoints,
  type CitoScoreNoteCreate,
  type MethodScoreNoteCreate,
} from '@leerzicht/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isSuppressed } from '../../lib/api-client';
import { invalidate } from '../../lib/query-keys';

export type ScoreNoteKind = 'cito' | 'method';

type Create =
  | ({ kind: 'cito' } & CitoScoreNoteCreate)
  | ({ kind: 'method' } & Omit<MethodScoreNoteCreate, 'forwardLooking'>);

/**
 * `POST /cito_score_note/` (a national result, with the forward-looking note) or `POST /method_score_note/`; the pupil
 * page, the group results and the group's notes follow.
 */
export function useCreateScoreNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Create) => {
      if (input.kind === 'cito') {
        const { kind: _kind, ...body } = input;
        return api.call(scoreNoteEndpoints.createCito, { body });
      }
      const { kind: _kind, ...body } = input;
      return api.call(scoreNoteEndpoints.createMethod, { body });
    },
    onSuccess: async (result) => {
      if (isSuppressed(result)) return;
      await Promise.all([
        invalidate(queryClient, pupilEndpoints.detail),
        invalidate(queryClient, resultEndpoints.yearClassResult),
        invalidate(queryClient, allNoteEndpoints.list),
      ]);
    },
  });
}
