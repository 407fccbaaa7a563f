import {
  acceptInvitationResponseSchema,
  type AcceptInvitationRequest,
  type AcceptInvitationResponse,
} from '@leerzicht/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** `POST /person_invitation/{key}/accept/`: per-field errors on 400; answers the username to log in with. */
export function acceptInvitation(
  key: string,
  request: AcceptInvitationRequest,
): Promise<AcceptInvitationResponse> {
  return apiClient.post(
    `/person_invitation/${encodeURIComponent(key)}/accept`,
    request,
    acceptInvitationResponseSchema,
  );
}

export function useAcceptInvitationMutation(key: string) {
  return useMutation({ mutationFn: (request: AcceptInvitationRequest) => acceptInvitation(key, request) });
}
