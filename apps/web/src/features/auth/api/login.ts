import type { LoginRequest } from '@leerzicht/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signInWith } from '../../../lib/session';

/** Logs in and keeps the new session; whatever was cached for a previous user is dropped. */
export function useLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: LoginRequest) => signInWith(request),
    onSuccess: () => queryClient.removeQueries(),
  });
}
