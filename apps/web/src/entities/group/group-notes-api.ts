import {
  allNoteEndpoints,
  resultEndpoints,
  yearClassNoteEndpoints,
  type YearClassNoteCreate,
} from '@leerzicht/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isSuppressed } from '../../lib/api-client';
import { invalidate } from '../../lib/query-keys';

/** `POST /year_class_notes/`: a note on the group's test moment or method test; results and notes lists follow. */
export function useCreateGroupNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: YearClassNoteCreate) => api.call(yearClassNoteEndpoints.create, { body }),
    onSuccess: async (result) => {
      if (isSuppressed(result)) return;
      await invalidate(queryClient, resultEndpoints.yearClassResult);
      await invalidate(queryClient, allNoteEndpoints.list);
    },
  });
}
