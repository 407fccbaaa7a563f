import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { authenticate } from './authentication';
import { forbidden } from './http-errors';
import type { ActiveSession } from './sessions';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Writes a read-only session may still make: signing in and out. Printouts are matched by '/print'. */
const ALLOWED_WRITE_ROUTES = new Set(['/login/', '/logout/']);

export const READ_ONLY_SESSION_DETAIL =
  'This is a read-only session (demo or impersonated): changes are not saved. Only printing, logging in and logging out are possible.';

/** Demo accounts and impersonated sessions only read. */
export function isReadOnlySession(session: ActiveSession): boolean {
  return session.isDemo || session.impersonatorId !== null;
}

/** For the few GET routes that change something (two-step activation): refuse read-only sessions. */
export function assertWritableSession(session: ActiveSession): void {
  if (isReadOnlySession(session)) throw forbidden(READ_ONLY_SESSION_DETAIL);
}

function isAllowedWrite(request: FastifyRequest, apiPrefix: string): boolean {
  const route = request.routeOptions.url ?? request.url.split('?')[0] ?? '';
  if (route.includes('/print')) return true;
  const withinApi = route.startsWith(apiPrefix) ? route.slice(apiPrefix.length) : route;
  const normalised = withinApi.endsWith('/') ? withinApi : `${withinApi}/`;
  return ALLOWED_WRITE_ROUTES.has(normalised);
}

/**
 * Refuses (403) every POST/PUT/PATCH/DELETE made with a demo or impersonated session, except login,
 * logout and printouts. It is a global onRequest hook, so it covers every route, including ones added
 * later, before any body is parsed. Requests without a valid token pass through: the route's own
 * requireSession answers those with 401.
 */
export function registerWriteGuard(app: FastifyInstance, ctx: AppContext, apiPrefix: string): void {
  app.addHook('onRequest', async (request) => {
    if (!WRITE_METHODS.has(request.method) || !request.headers.authorization) return;
    if (isAllowedWrite(request, apiPrefix)) return;
    const session = await authenticate(ctx, request);
    if (session && isReadOnlySession(session)) throw forbidden(READ_ONLY_SESSION_DETAIL);
  });
}
