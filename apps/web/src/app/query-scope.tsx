import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { appQueryClient } from '../lib/query-client';

/**
 * Server data for what is inside: the app's query client, unless one is given above (tests give their own to
 * AppProviders). Loaded with the parts that ask the server (the signed-in frame, the public pages with forms,
 * the update checks), so the login page starts without TanStack Query.
 */
export function QueryScope({ children }: { children: ReactNode }) {
  const given = useContext(QueryClientContext);
  if (given) return children;
  return <QueryClientProvider client={appQueryClient()}>{children}</QueryClientProvider>;
}

/** The routes below read server data through TanStack Query. */
export function QueryLayout() {
  return (
    <QueryScope>
      <Outlet />
    </QueryScope>
  );
}
