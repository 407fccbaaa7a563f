import {
  authEndpoints,
  signInLinkConfirmRequestSchema,
  signInLinkRequestSchema,
  type SignInLinkConfirmRequest,
} from '@leerzicht/contract';
import type { QueryClient } from '@tanstack/react-query';
import { fieldErrorsOf } from '../../../lib/server-errors';
import { isApiError } from '../../../lib/api-error';
import { api } from '../../../lib/api-client';
import { appQueryClient } from '../../../lib/query-client';
import { storage } from '../../../lib/storage';
import { loginFailureOf, type LoginFailure } from '../lib/login-failure';

/**
 * `POST /login/link/`: asks for a sign-in link for the username (the same answer whether or not it exists).
 * Loaded when the login page offers the link, like the login call itself.
 */
export async function requestSignInLink(username: string): Promise<void> {
  await api.call(authEndpoints.requestSignInLink, { body: signInLinkRequestSchema.parse({ username }) });
}

/** Why a sign-in by link did not succeed: a login's reasons, or a link that no longer works. */
export type SignInLinkFailure = LoginFailure | 'linkInvalid';

export type SignInLinkOutcome =
  { ok: true } | { ok: false; failure: SignInLinkFailure; waitSeconds: number | null };

/**
 * `POST /login/link/confirm/`: signs in with the link's key (and the two-step code when asked for) and keeps the new
 * session; whatever was cached for a previous user is dropped.
 */
export async function confirmSignInLink(
  request: SignInLinkConfirmRequest,
  queryClient: QueryClient | undefined,
): Promise<SignInLinkOutcome> {
  try {
    const answer = await api.call(authEndpoints.confirmSignInLink, {
      body: signInLinkConfirmRequestSchema.parse(request),
    });
    storage.setSession(answer.token, answer.username);
    (queryClient ?? appQueryClient()).removeQueries();
    return { ok: true };
  } catch (error) {
    const failure = fieldErrorsOf(error).token ? 'linkInvalid' : loginFailureOf(error);
    return { ok: false, failure, waitSeconds: isApiError(error, 429) ? error.retryAfterSeconds : null };
  }
}
