import { noteEndpoints, type PupilNoteCreate, type PupilNoteUpdate } from '@leerzicht/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isSuppressed } from '../../../lib/api-client';
import { endpointQueryOptions, invalidate } from '../../../lib/query-keys';

/** `GET /pupil_note/?pupil_id=&archived=`: the first 1000 notes, newest first (a pupil has far fewer). */
export function usePupilNotes(pupilId: number, archived: boolean) {
  return useQuery(
    endpointQueryOptions(noteEndpoints.list, {
      query: { pupil_id: pupilId, archived: archived ? 'true' : 'false', limit: 1000, offset: 0 },
    }),
  );
}

export function useNoteCategories(schoolId: number) {
  return useQuery({
    ...endpointQueryOptions(noteEndpoints.categories, { query: { school_id: schoolId } }),
    staleTime: Infinity,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return async (result: unknown) => {
    if (!isSuppressed(result)) await invalidate(queryClient, noteEndpoints.list);
  };
}

export function useCreateNote() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: PupilNoteCreate) => api.call(noteEndpoints.create, { body }),
    onSuccess: refresh,
  });
}

export function useUpdateNote() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...body }: PupilNoteUpdate & { id: number }) =>
      api.call(noteEndpoints.update, { params: { id }, body }),
    onSuccess: refresh,
  });
}

export function useDeleteNote() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.call(noteEndpoints.remove, { params: { id } }),
    onSuccess: refresh,
  });
}
