import type { QueryClient } from '@tanstack/react-query';

/*
 * The app's query client once one was made (query-client.ts makes it), for code that runs outside the parts that
 * provide it (the root error view) and must not load TanStack Query itself: a type-only import.
 */
let current: QueryClient | undefined;

export function registerAppQueryClient(client: QueryClient): void {
  current = client;
}

export function registeredAppQueryClient(): QueryClient | undefined {
  return current;
}
