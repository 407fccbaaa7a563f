import { accountEndpoints, authEndpoints, type LoginRequest, type LoginResponse } from '@leerzicht/contract';
import { api } from './api-client';
import { queryKeyOf } from './query-keys';
import { storage } from './storage';

/** The query key of the signed-in user's profile (GET /profile/). */
export const PROFILE_QUERY_KEY = queryKeyOf(accountEndpoints.profile);

/** `POST /login/`; failures carry the LOGIN_MARKERS in `detail`. */
export function postLogin(request: LoginRequest): Promise<LoginResponse> {
  return api.call(authEndpoints.login, { body: request });
}

/** Logs in and stores the new session (token and username). */
export async function signInWith(request: LoginRequest): Promise<LoginResponse> {
  const response = await postLogin(request);
  storage.setSession(response.token, request.username.trim());
  return response;
}
