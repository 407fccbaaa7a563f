import {
  allNoteEndpoints,
  noteEndpoints,
  pupilEndpoints,
  resultEndpoints,
  scoreNoteEndpoints,
  yearClassNoteEndpoints,
  type AllNote,
  type AllNotesQuery,
} from '@leerzicht/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isSuppressed } from '../../../lib/api-client';
import { endpointQueryOptions, invalidate } from '../../../lib/query-keys';
import type { EditableKind } from '../lib/note-kinds';

/** `GET /all_notes/`: one page of the group's notes; the previous page stays on screen while the next loads. */
export function useAllNotes(query: AllNotesQuery) {
  return useQuery({
    ...endpointQueryOptions(allNoteEndpoints.list, { query }),
    placeholderData: keepPreviousData,
  });
}

export function useNoteCategoryOptions(schoolId: number) {
  return useQuery({
    ...endpointQueryOptions(noteEndpoints.categories, { query: { school_id: schoolId } }),
    staleTime: Infinity,
  });
}

type EditTarget = Pick<AllNote, 'id'> & { kind: EditableKind };

/** A note's text changed where it is kept: the pupil note, the score note or the group note. */
function editCall({ kind, id }: EditTarget, content: string) {
  switch (kind) {
    case 'pupil':
      return api.call(noteEndpoints.update, { params: { id }, body: { content } });
    case 'cito_score':
      return api.call(scoreNoteEndpoints.updateCito, { params: { id }, body: { content } });
    case 'method_score':
      return api.call(scoreNoteEndpoints.updateMethod, { params: { id }, body: { content } });
    case 'test_moment':
    case 'method_test':
      return api.call(yearClassNoteEndpoints.update, { params: { id }, body: { content } });
  }
}

function deleteCall({ kind, id }: EditTarget) {
  switch (kind) {
    case 'pupil':
      return api.call(noteEndpoints.remove, { params: { id } });
    case 'cito_score':
      return api.call(scoreNoteEndpoints.removeCito, { params: { id } });
    case 'method_score':
      return api.call(scoreNoteEndpoints.removeMethod, { params: { id } });
    case 'test_moment':
    case 'method_test':
      return api.call(yearClassNoteEndpoints.remove, { params: { id } });
  }
}

/** After a change every list that shows the note follows: this page, the pupil's notes and the results. */
function useRefresh() {
  const queryClient = useQueryClient();
  return async (result: unknown) => {
    if (isSuppressed(result)) return;
    await Promise.all([
      invalidate(queryClient, allNoteEndpoints.list),
      invalidate(queryClient, noteEndpoints.list),
      invalidate(queryClient, resultEndpoints.yearClassResult),
      invalidate(queryClient, pupilEndpoints.detail),
    ]);
  };
}

export function useEditNote() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ content, ...target }: EditTarget & { content: string }) => editCall(target, content),
    onSuccess: refresh,
  });
}

export function useDeleteNote() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: deleteCall, onSuccess: refresh });
}
