import { authEndpoints } from '@leerzicht/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api-client';
import { storage } from '../../../lib/storage';

/** `POST /logout/` revokes the session on the server (also sent by read-only sessions). */
export function postLogout(token: string) {
  return api.call(authEndpoints.logout, {}, { token });
}

/** Logs out: revokes the session (best effort), forgets everything of it and goes to login. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    // The session is forgotten and the pages that read it are left first, so that answers still arriving for it
    // (now 401) neither reload the page nor start new requests without a token.
    const token = storage.getToken();
    storage.clearSession();
    storage.clearLoginRedirect();
    await queryClient.cancelQueries();
    await navigate('/auth/login', { replace: true });
    queryClient.clear();
    if (token) await postLogout(token).catch(() => undefined);
  };
}
