import { loginRequestSchema } from '@leerzicht/contract';
import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-error';
import { appQueryClient } from '../../../lib/query-client';
import { signInWith } from '../../../lib/session';
import { loginFailureOf, type LoginFailure } from '../lib/login-failure';

export interface LoginCredentials {
  username: string;
  password: string;
  rememberMe: boolean;
}

export type LoginOutcome =
  | { ok: true }
  /** waitSeconds: how long a 429 asked to wait (Retry-After). */
  | { ok: false; failure: LoginFailure; waitSeconds: number | null };

/**
 * Sends a login (with the two-step code when given) and keeps the new session; whatever was cached for a
 * previous user is dropped. Loaded when a login is sent (or the user starts typing): the login page shows
 * without the contract's schemas, zod and TanStack Query.
 */
export async function submitLogin(
  credentials: LoginCredentials,
  totpChallenge: string | undefined,
  queryClient: QueryClient | undefined,
): Promise<LoginOutcome> {
  try {
    const request = loginRequestSchema.parse(credentials);
    await signInWith(totpChallenge === undefined ? request : { ...request, totpChallenge });
    (queryClient ?? appQueryClient()).removeQueries();
    return { ok: true };
  } catch (error) {
    return {
      ok: false,
      failure: loginFailureOf(error),
      waitSeconds: isApiError(error, 429) ? error.retryAfterSeconds : null,
    };
  }
}
