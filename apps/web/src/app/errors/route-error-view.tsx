import { QueryClientContext } from '@tanstack/react-query';
import { useContext, useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { AccessDeniedError, isApiError, NotFoundError } from '../../lib/api-error';
import { registeredAppQueryClient } from '../../lib/app-query-client';
import { storage } from '../../lib/storage';
import { NoAccessView } from './no-access-view';
import { NotFoundView } from './not-found-view';
import { UnexpectedErrorView } from './unexpected-error-view';

function hasStatus(error: unknown, status: number): boolean {
  return isApiError(error, status) || (isRouteErrorResponse(error) && error.status === status);
}

export function isNotFound(error: unknown): boolean {
  return error instanceof NotFoundError || hasStatus(error, 404);
}

export function isForbidden(error: unknown): boolean {
  return error instanceof AccessDeniedError || hasStatus(error, 403);
}

/**
 * The error leaves with the view: failed queries nobody shows any more are dropped, so coming back to
 * the page asks the server again instead of showing the old error.
 */
function useClearErrorsOnLeave(): void {
  // Outside the query scope (the root error view) the app's client, if one was made: nothing to clear otherwise.
  const queryClient = useContext(QueryClientContext) ?? registeredAppQueryClient();
  useEffect(() => {
    const clear = () =>
      queryClient?.removeQueries({
        predicate: (query) => query.state.status === 'error' && query.getObserversCount() === 0,
      });
    clear();
    return clear;
  }, [queryClient]);
}

/** The error element of the routes: 404 not found, 403 no access, anything else the unexpected-error view. */
export function RouteErrorView() {
  const error = useRouteError();
  useClearErrorsOnLeave();
  const forbidden = isForbidden(error);
  useEffect(() => {
    // Section 8: a 403 clears the stored redirect, so the next login does not lead here again.
    if (forbidden) storage.clearLoginRedirect();
  }, [forbidden]);
  if (isNotFound(error)) return <NotFoundView />;
  if (forbidden) return <NoAccessView />;
  return <UnexpectedErrorView error={error} />;
}
