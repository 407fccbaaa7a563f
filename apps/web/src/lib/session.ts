import { loginResponseSchema, type LoginRequest, type LoginResponse } from '@leerzicht/contract';
import { apiClient } from './api-client';
import { storage } from './storage';

/** The query key of the signed-in user's profile (GET /profile/). */
export const PROFILE_QUERY_KEY = ['profile'] as const;

/** `POST /login/`; failures carry the LOGIN_MARKERS in `detail`. */
export function postLogin(request: LoginRequest): Promise<LoginResponse> {
  return apiClient.post('/login', request, loginResponseSchema);
}

/** Logs in and stores the new session (token and username). */
export async function signInWith(request: LoginRequest): Promise<LoginResponse> {
  const response = await postLogin(request);
  storage.setSession(response.token, request.username.trim());
  return response;
}
