import {
  detailResponseSchema,
  passwordConfirmResponseSchema,
  profileSchema,
  type PasswordChangeRequest,
  type PasswordConfirmRequest,
  type UpdateUserRequest,
} from '@leerzicht/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { PROFILE_QUERY_KEY } from '../../../lib/session';
import { storage } from '../../../lib/storage';

/** `PATCH /rest-auth/user/`: per-field errors on 400; answers the updated profile. */
export function updateUser(request: UpdateUserRequest) {
  // Parsed again: a read-only (demo) session gets its own body back instead of an answer.
  return apiClient
    .patch('/rest-auth/user', request, profileSchema)
    .then((answer) => profileSchema.parse(answer));
}

/** `POST /rest-auth/password/change/`: per-field errors under oldPassword, newPassword1 and newPassword2. */
export function changePassword(request: PasswordChangeRequest) {
  return apiClient
    .post('/rest-auth/password/change', request, detailResponseSchema)
    .then((answer) => detailResponseSchema.parse(answer));
}

/** `POST /rest-auth/password/confirm/`: lets this session change e-mail and two-step login for a while. */
export function confirmPassword(request: PasswordConfirmRequest) {
  return apiClient.post('/rest-auth/password/confirm', request, passwordConfirmResponseSchema);
}

/** Saves account fields; the answered profile replaces the cached one. */
export function useUpdateUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (profile) => {
      queryClient.setQueryData(PROFILE_QUERY_KEY, profile);
      const token = storage.getToken();
      if (token) storage.setSession(token, profile.username);
    },
  });
}

export function useChangePasswordMutation() {
  return useMutation({ mutationFn: changePassword });
}
