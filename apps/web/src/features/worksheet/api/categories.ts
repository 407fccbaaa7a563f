import {
  groupPlanNoteEndpoints,
  noteCategoryEndpoints,
  pupilNoteCategoryEndpoints,
  type GroupPlanNoteCreate,
  type GroupPlanNoteUpdate,
  type NoteCategoryCreate,
  type NoteCategoryUpdate,
  type PupilNoteCategoryCreate,
} from '@leerzicht/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isSuppressed } from '../../../lib/api-client';
import { endpointQueryOptions, invalidate } from '../../../lib/query-keys';

/** The plan's whole category tree (archived ones too) with each category's active notes and placed pupils. */
export function usePlanCategories(planId: number) {
  return useQuery(
    endpointQueryOptions(noteCategoryEndpoints.list, {
      query: { group_plan_id: planId, include: ['notes', 'pupils'] },
    }),
  );
}

/** Every change in a plan's tree, its notes or its placements shows in the one tree query. */
function useRefreshTree() {
  const queryClient = useQueryClient();
  return async (result: unknown) => {
    if (!isSuppressed(result)) await invalidate(queryClient, noteCategoryEndpoints.list);
  };
}

export function useCreateCategory() {
  const onSuccess = useRefreshTree();
  return useMutation({
    mutationFn: (body: NoteCategoryCreate) => api.call(noteCategoryEndpoints.create, { body }),
    onSuccess,
  });
}

export function useUpdateCategory() {
  const onSuccess = useRefreshTree();
  return useMutation({
    mutationFn: ({ id, ...body }: NoteCategoryUpdate & { id: number }) =>
      api.call(noteCategoryEndpoints.update, { params: { id }, body }),
    onSuccess,
  });
}

export function useDeleteCategory() {
  const onSuccess = useRefreshTree();
  return useMutation({
    mutationFn: (id: number) => api.call(noteCategoryEndpoints.remove, { params: { id } }),
    onSuccess,
  });
}

export function useCreatePlanNote() {
  const onSuccess = useRefreshTree();
  return useMutation({
    mutationFn: (body: GroupPlanNoteCreate) => api.call(groupPlanNoteEndpoints.create, { body }),
    onSuccess,
  });
}

export function useUpdatePlanNote() {
  const onSuccess = useRefreshTree();
  return useMutation({
    mutationFn: ({ id, ...body }: GroupPlanNoteUpdate & { id: number }) =>
      api.call(groupPlanNoteEndpoints.update, { params: { id }, body }),
    onSuccess,
  });
}

export function useDeletePlanNote() {
  const onSuccess = useRefreshTree();
  return useMutation({
    mutationFn: (id: number) => api.call(groupPlanNoteEndpoints.remove, { params: { id } }),
    onSuccess,
  });
}

export function usePlacePupil() {
  const onSuccess = useRefreshTree();
  return useMutation({
    mutationFn: (body: PupilNoteCategoryCreate) => api.call(pupilNoteCategoryEndpoints.create, { body }),
    onSuccess,
  });
}

export function useRemovePlacement() {
  const onSuccess = useRefreshTree();
  return useMutation({
    mutationFn: (id: number) => api.call(pupilNoteCategoryEndpoints.remove, { params: { id } }),
    onSuccess,
  });
}
