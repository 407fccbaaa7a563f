import {
  accountEndpoints,
  type EmailChangeConfirmRequest,
  type PasswordChangeRequest,
  type PasswordConfirmRequest,
  type UpdateUserRequest,
} from '@leerzicht/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isSuppressed } from '../../../lib/api-client';
import { PROFILE_QUERY_KEY } from '../../../lib/session';
import { storage } from '../../../lib/storage';

/** `PATCH /rest-auth/user/`: per-field errors on 400; answers the updated profile. */
export function updateUser(request: UpdateUserRequest) {
  return api.call(accountEndpoints.updateUser, { body: request });
}

/** `POST /rest-auth/password/change/`: per-field errors under oldPassword, newPassword1 and newPassword2. */
export function changePassword(request: PasswordChangeRequest) {
  return api.call(accountEndpoints.changePassword, { body: request });
}

/** `POST /rest-auth/password/confirm/`: lets this session change e-mail and two-step login for a while. */
export function confirmPassword(request: PasswordConfirmRequest) {
  return api.call(accountEndpoints.confirmPassword, { body: request });
}

/** `POST /rest-auth/user/email/confirm/`: the page of the e-mailed link makes the new address the account's. */
export function confirmEmailChange(request: EmailChangeConfirmRequest) {
  return api.call(accountEndpoints.confirmEmailChange, { body: request });
}

export function useConfirmPasswordMutation() {
  return useMutation({ mutationFn: confirmPassword });
}

export function useConfirmEmailChangeMutation() {
  return useMutation({ mutationFn: confirmEmailChange });
}

/** Saves account fields; the answered profile replaces the cached one (a read-only session gets no answer). */
export function useUpdateUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (profile) => {
      if (isSuppressed(profile)) return;
      queryClient.setQueryData(PROFILE_QUERY_KEY, profile);
      const token = storage.getToken();
      if (token) storage.setSession(token, profile.username);
    },
  });
}

export function useChangePasswordMutation() {
  return useMutation({ mutationFn: changePassword });
}
