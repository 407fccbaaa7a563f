import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';
import { registerAppQueryClient, registeredAppQueryClient } from './app-query-client';

const MAX_RETRIES = 2;

/** Client errors (4xx) are answers, not hiccups: retry only network and server failures. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

const MAX_RETRY_DELAY_MS = 30_000;

/**
 * The wait before the next try: what the server asked for in Retry-After (a 503 while its database restarts),
 * else TanStack Query's own doubling from one second.
 */
export function retryDelay(failureCount: number, error: unknown): number {
  const asked = isApiError(error) ? error.retryAfterSeconds : null;
  if (asked !== null && asked > 0) return Math.min(asked * 1000, MAX_RETRY_DELAY_MS);
  return Math.min(1000 * 2 ** failureCount, MAX_RETRY_DELAY_MS);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/**
 * The page's one query client, made when a part of the app that asks the server first needs it: the login page
 * loads TanStack Query only once a login is sent, the signed-in pages with their frame.
 */
export function appQueryClient(): QueryClient {
  const existing = registeredAppQueryClient();
  if (existing) return existing;
  const client = createQueryClient();
  registerAppQueryClient(client);
  return client;
}
