import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-error';

const MAX_RETRIES = 2;

/** Client errors (4xx) are answers, not hiccups: retry only network and server failures. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
