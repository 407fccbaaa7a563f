import { colleagueEndpoints, type RemoveSencoRequest, type UpdateSencoRequest } from '@leerzicht/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isSuppressed } from '../../../lib/api-client';
import { endpointQueryOptions, invalidate } from '../../../lib/query-keys';

/** `GET /school_sencos/{schoolId}/`: the members of the school and its open invitations. */
export function colleaguesQueryOptions(schoolId: number) {
  return endpointQueryOptions(colleagueEndpoints.list, { params: { schoolId } });
}

export function useColleaguesQuery(schoolId: number) {
  return useQuery({ ...colleaguesQueryOptions(schoolId), throwOnError: true });
}

/** Reads the school's members and invitations again after a change that was sent. */
export function useColleaguesRefresh(schoolId: number) {
  const queryClient = useQueryClient();
  return async (result: unknown) => {
    if (!isSuppressed(result)) await invalidate(queryClient, colleagueEndpoints.list, { schoolId });
  };
}

/** `POST /school_sencos/remove/`: the member leaves the school (the last superuser cannot). */
export function removeColleague(request: RemoveSencoRequest) {
  return api.call(colleagueEndpoints.remove, { body: request });
}

/** `PATCH /school_sencos/update_by_senco_id_and_school_id`: the member's superuser flag. */
export function updateColleague(request: UpdateSencoRequest) {
  return api.call(colleagueEndpoints.update, { body: request });
}

export function useRemoveColleagueMutation(schoolId: number) {
  return useMutation({ mutationFn: removeColleague, onSuccess: useColleaguesRefresh(schoolId) });
}

export function useUpdateColleagueMutation(schoolId: number) {
  return useMutation({ mutationFn: updateColleague, onSuccess: useColleaguesRefresh(schoolId) });
}
