import {
  accountEndpoints,
  type PasswordResetConfirmRequest,
  type PasswordResetRequest,
} from '@leerzicht/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /rest-auth/password/reset/`: always the same answer, whether or not the address has an account. */
export function requestPasswordReset(request: PasswordResetRequest) {
  return api.call(accountEndpoints.requestPasswordReset, { body: request });
}

/** `POST /rest-auth/password/reset/confirm/`: per-field errors on token, newPassword1 and newPassword2. */
export function confirmPasswordReset(request: PasswordResetConfirmRequest) {
  return api.call(accountEndpoints.confirmPasswordReset, { body: request });
}

export function useRequestPasswordResetMutation() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useConfirmPasswordResetMutation() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
