import {
  removedSencoResponseSchema,
  sencoListSchema,
  sencoSchema,
  type RemoveSencoRequest,
  type Senco,
  type UpdateSencoRequest,
} from '@leerzicht/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const colleaguesQueryKey = (schoolId: number) => ['school-sencos', schoolId] as const;

/** `GET /school_sencos/{schoolId}/`: the members of the school and its open invitations. */
export function getColleagues(schoolId: number): Promise<Senco[]> {
  return apiClient.get(`/school_sencos/${schoolId}`, sencoListSchema);
}

export function colleaguesQueryOptions(schoolId: number) {
  return queryOptions({ queryKey: colleaguesQueryKey(schoolId), queryFn: () => getColleagues(schoolId) });
}

export function useColleaguesQuery(schoolId: number) {
  return useQuery({ ...colleaguesQueryOptions(schoolId), throwOnError: true });
}

/** `POST /school_sencos/remove/`: the member leaves the school (the last superuser cannot). */
export function removeColleague(request: RemoveSencoRequest) {
  return apiClient.post('/school_sencos/remove', request, removedSencoResponseSchema);
}

/** `PATCH /school_sencos/update_by_senco_id_and_school_id`: the member's superuser flag. */
export function updateColleague(request: UpdateSencoRequest) {
  return apiClient.patch('/school_sencos/update_by_senco_id_and_school_id', request, sencoSchema, {
    trailingSlash: false,
  });
}

export function useRemoveColleagueMutation(schoolId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeColleague,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: colleaguesQueryKey(schoolId) }),
  });
}

export function useUpdateColleagueMutation(schoolId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateColleague,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: colleaguesQueryKey(schoolId) }),
  });
}
