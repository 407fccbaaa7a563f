import { loginResponseSchema, type LoginRequest, type LoginResponse } from '@leerzicht/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { storage } from '../../../lib/storage';

export function login(request: LoginRequest): Promise<LoginResponse> {
  return apiClient.post('/login', request, loginResponseSchema);
}

/** Logs in and keeps the new session; whatever was cached for a previous user is dropped. */
export function useLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ token }, request) => {
      storage.setSession(token, request.username.trim());
      queryClient.removeQueries();
    },
  });
}
