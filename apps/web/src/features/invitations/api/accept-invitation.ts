import { invitationEndpoints, type AcceptInvitationRequest } from '@leerzicht/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /person_invitation/{key}/accept/`: per-field errors on 400; answers the username to log in with. */
export function acceptInvitation(key: string, request: AcceptInvitationRequest) {
  return api.call(invitationEndpoints.accept, { params: { key }, body: request });
}

export function useAcceptInvitationMutation(key: string) {
  return useMutation({ mutationFn: (request: AcceptInvitationRequest) => acceptInvitation(key, request) });
}
