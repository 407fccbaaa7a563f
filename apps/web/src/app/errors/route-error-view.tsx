import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isApiError, NotFoundError } from '../../lib/api-error';
import { NotFoundView } from './not-found-view';
import { UnexpectedErrorView } from './unexpected-error-view';

export function isNotFound(error: unknown): boolean {
  return (
    error instanceof NotFoundError ||
    isApiError(error, 404) ||
    (isRouteErrorResponse(error) && error.status === 404)
  );
}

/** The error element of the routes: 404 answers show the not-found view, anything else the error view. */
export function RouteErrorView() {
  const error = useRouteError();
  if (isNotFound(error)) return <NotFoundView />;
  return <UnexpectedErrorView />;
}
