import { detailResponseSchema } from '@leerzicht/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiClient } from '../../../lib/api-client';
import { storage } from '../../../lib/storage';

/** `POST /logout/` revokes the session on the server. */
export function postLogout() {
  return apiClient.post('/logout', {}, detailResponseSchema);
}

/** Logs out: revokes the session (best effort), forgets everything of it and goes to login. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    if (storage.getToken()) await postLogout().catch(() => undefined);
    storage.clearSession();
    storage.clearLoginRedirect();
    queryClient.clear();
    await navigate('/auth/login', { replace: true });
  };
}
