import {
  groupPlanEndpoints,
  groupPlanTemplateEndpoints,
  type GroupPlanCreate,
  type GroupPlanUpdate,
} from '@leerzicht/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isSuppressed } from '../../../lib/api-client';
import { endpointQueryOptions, invalidate } from '../../../lib/query-keys';

/** `GET /group_plans/?yearclass_id=`: the group's plans of every subject, newest first. */
export function useGroupPlans(yearClassId: number) {
  return useQuery(endpointQueryOptions(groupPlanEndpoints.list, { query: { yearclass_id: yearClassId } }));
}

/** The published templates the school may use for this subject and grade (system and the school's own). */
export function usePlanTemplates(schoolId: number, subjectId: number, grade: number) {
  return useQuery(
    endpointQueryOptions(groupPlanTemplateEndpoints.list, {
      query: { school_id: schoolId, subject_id: subjectId, grade, is_published: 'true' },
    }),
  );
}

/** The latest plans of the school for the subject: where a new period continues from. */
export function useRecentPlans(schoolId: number, subjectId: number) {
  return useQuery(
    endpointQueryOptions(groupPlanEndpoints.recent, {
      query: { school_id: schoolId, subject_id: subjectId },
    }),
  );
}

function useRefreshPlans() {
  const queryClient = useQueryClient();
  return async (result: unknown) => {
    if (isSuppressed(result)) return;
    await Promise.all([
      invalidate(queryClient, groupPlanEndpoints.list),
      invalidate(queryClient, groupPlanEndpoints.recent),
    ]);
  };
}

export function useCreatePlan() {
  const refresh = useRefreshPlans();
  return useMutation({
    mutationFn: (body: GroupPlanCreate) => api.call(groupPlanEndpoints.create, { body }),
    onSuccess: refresh,
  });
}

export function useUpdatePlan() {
  const refresh = useRefreshPlans();
  return useMutation({
    mutationFn: ({ id, ...body }: GroupPlanUpdate & { id: number }) =>
      api.call(groupPlanEndpoints.update, { params: { id }, body }),
    onSuccess: refresh,
  });
}

export function useDeletePlan() {
  const refresh = useRefreshPlans();
  return useMutation({
    mutationFn: (id: number) => api.call(groupPlanEndpoints.remove, { params: { id } }),
    onSuccess: refresh,
  });
}
