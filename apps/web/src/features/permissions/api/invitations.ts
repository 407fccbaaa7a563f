import {
  createInvitationsResponseSchema,
  removedInvitationResponseSchema,
  schoolInvitationSchema,
  type CreateInvitationsRequest,
} from '@leerzicht/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { colleaguesQueryKey } from './colleagues';

/** `POST /person_invitation/`: one result per address, `errors` empty when the invitation was sent. */
export function createInvitations(request: CreateInvitationsRequest) {
  // Parsed again: a read-only (demo) session gets its own body back instead of an answer.
  return apiClient
    .post('/person_invitation', request, createInvitationsResponseSchema)
    .then((answer) => createInvitationsResponseSchema.parse(answer));
}

/** `POST /person_invitation/remove/`. */
export function removeInvitation(id: number) {
  return apiClient.post('/person_invitation/remove', { id }, removedInvitationResponseSchema);
}

/** `PATCH /person_invitation/{id}`: the superuser flag the invited person will get. */
export function updateInvitation(id: number, isSchoolSuperuser: boolean) {
  return apiClient.patch(`/person_invitation/${id}`, { isSchoolSuperuser }, schoolInvitationSchema);
}

function useColleaguesRefresh(schoolId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: colleaguesQueryKey(schoolId) });
}

export function useCreateInvitationsMutation(schoolId: number) {
  const refresh = useColleaguesRefresh(schoolId);
  return useMutation({ mutationFn: createInvitations, onSuccess: refresh });
}

export function useRemoveInvitationMutation(schoolId: number) {
  const refresh = useColleaguesRefresh(schoolId);
  return useMutation({ mutationFn: removeInvitation, onSuccess: refresh });
}

export function useUpdateInvitationMutation(schoolId: number) {
  const refresh = useColleaguesRefresh(schoolId);
  return useMutation({
    mutationFn: ({ id, isSchoolSuperuser }: { id: number; isSchoolSuperuser: boolean }) =>
      updateInvitation(id, isSchoolSuperuser),
    onSuccess: refresh,
  });
}
