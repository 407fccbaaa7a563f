import {
  invitationEndpoints,
  type CreateInvitationsRequest,
  type UpdateInvitationRequest,
} from '@leerzicht/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useColleaguesRefresh } from './colleagues';

/** `POST /person_invitation/`: one result per address, `errors` empty when the invitation was sent. */
export function createInvitations(request: CreateInvitationsRequest) {
  return api.call(invitationEndpoints.create, { body: request });
}

/** `POST /person_invitation/remove/`. */
export function removeInvitation(id: number) {
  return api.call(invitationEndpoints.remove, { body: { id } });
}

/** `PATCH /person_invitation/{id}`: the superuser flag the invited person will get. */
export function updateInvitation(id: number, body: UpdateInvitationRequest) {
  return api.call(invitationEndpoints.update, { params: { id }, body });
}

export function useCreateInvitationsMutation(schoolId: number) {
  return useMutation({ mutationFn: createInvitations, onSuccess: useColleaguesRefresh(schoolId) });
}

export function useRemoveInvitationMutation(schoolId: number) {
  return useMutation({ mutationFn: removeInvitation, onSuccess: useColleaguesRefresh(schoolId) });
}

export function useUpdateInvitationMutation(schoolId: number) {
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number } & UpdateInvitationRequest) => updateInvitation(id, body),
    onSuccess: useColleaguesRefresh(schoolId),
  });
}
