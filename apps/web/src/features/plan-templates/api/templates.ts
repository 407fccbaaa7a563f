import {
  groupPlanTemplateEndpoints,
  type GroupPlanTemplateCreate,
  type GroupPlanTemplateQuery,
  type GroupPlanTemplateUpdate,
} from '@leerzicht/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isSuppressed } from '../../../lib/api-client';
import { endpointQueryOptions, invalidate } from '../../../lib/query-keys';

/** `GET /group_plan_templates/`: the school's and the system templates the user sees, filtered as asked. */
export function useTemplatesQuery(query: GroupPlanTemplateQuery) {
  return useQuery({
    ...endpointQueryOptions(groupPlanTemplateEndpoints.list, { query }),
    placeholderData: keepPreviousData,
    throwOnError: true,
  });
}

/** Every template of the list with its category tree (`include[]=content`): what the editor opens. */
export function useTemplatesWithContent(schoolId: number, enabled: boolean) {
  return useQuery({
    ...endpointQueryOptions(groupPlanTemplateEndpoints.list, {
      query: { school_id: schoolId, include: ['content'] },
    }),
    enabled,
    throwOnError: true,
  });
}

/** After a change that was sent, every template list is read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return async (result: unknown) => {
    if (!isSuppressed(result)) await invalidate(queryClient, groupPlanTemplateEndpoints.list);
  };
}

/** `POST /group_plan_templates/`. */
export function useCreateTemplate() {
  return useMutation({
    mutationFn: (body: GroupPlanTemplateCreate) => api.call(groupPlanTemplateEndpoints.create, { body }),
    onSuccess: useRefresh(),
  });
}

/** `PATCH /group_plan_templates/{id}/`: the fields given change (also publish and withdraw). */
export function useUpdateTemplate() {
  return useMutation({
    mutationFn: ({ id, ...body }: GroupPlanTemplateUpdate & { id: number }) =>
      api.call(groupPlanTemplateEndpoints.update, { params: { id }, body }),
    onSuccess: useRefresh(),
  });
}

/** `DELETE /group_plan_templates/{id}/`: plans made from it stay. */
export function useDeleteTemplate() {
  return useMutation({
    mutationFn: (id: number) => api.call(groupPlanTemplateEndpoints.remove, { params: { id } }),
    onSuccess: useRefresh(),
  });
}
