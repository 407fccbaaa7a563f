import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { isRefusedForReadOnly, type HttpMethod } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { accessedSchoolIds } from '../access/index';
import { writeAudit } from '../audit';
import { authenticate } from '../authentication';
import { forbidden, unauthorized } from '../http-errors';
import { describeQueryError, findQueryError } from '../query-errors';
import type { ActiveSession } from '../sessions';
import type { RouteAccess } from './declare';
import { stepReadingAgain } from './read-again';
import { isReadOnlySession, READ_ONLY_SESSION_DETAIL } from './read-only';

const HTTP_METHODS = new Set<string>(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

function isHttpMethod(method: string): method is HttpMethod {
  return HTTP_METHODS.has(method);
}

/** Why a route cannot be registered, or null when its declaration is complete. */
export function declarationProblem(route: Pick<RouteOptions, 'method' | 'url' | 'config'>): string | null {
  const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter(
    (method) => method !== 'HEAD',
  );
  if (methods.length === 0) return null;
  const name = `${methods.join(',')} ${route.url}`;
  if (!route.config?.access)
    return `Route ${name} declares no access (auth and pupil data): register it with route().`;
  const isPublic = route.config.access.auth === 'public';
  if (route.config.publicPolicy !== isPublic)
    return isPublic
      ? `Public route ${name} must declare policy: publicRoute.`
      : `Route ${name} needs a session: its policy must decide on it (publicRoute is for public routes).`;
  if (methods.some((method) => method !== 'GET') && route.config.write === undefined)
    return `Route ${name} changes data but declares no write rule: give its endpoint write: 'write' or 'read-only-allowed'.`;
  return null;
}

function writeRefused(request: FastifyRequest): boolean {
  const { method } = request;
  if (!isHttpMethod(method)) return false;
  return isRefusedForReadOnly({ method, write: request.routeOptions.config.write });
}

/**
 * The platform's part of every API route, driven by the route's declaration (routing/declare.ts):
 * - at registration, a route without a declaration, or a non-GET route without a write rule, stops the boot;
 * - on request (before the body is even parsed): 401 without a live session where one is needed, then 403 for a
 *   demo or impersonated session on a route that writes;
 * - before the answer is sent: an audit row for every successful request that read or wrote pupil data.
 */
export function registerRouteRules(app: FastifyInstance, ctx: AppContext, apiPrefix: string): void {
  registerDeclarationCheck(app, apiPrefix);
  registerRequestRules(app, ctx);
}

/** At registration: an API route without a declaration, or a write without a write rule, stops the boot. */
export function registerDeclarationCheck(app: FastifyInstance, apiPrefix: string): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(apiPrefix)) return;
    const problem = declarationProblem(route);
    if (problem) throw new Error(problem);
  });
}

function registerRequestRules(app: FastifyInstance, ctx: AppContext): void {
  // Callback hooks, so that what needs no check costs no promise: a public route called without credentials,
  // an answer that carries no pupil data.
  app.addHook('onRequest', (request, reply, done) => {
    const access = request.routeOptions.config.access;
    if (!access || (access.auth === 'public' && !request.headers.authorization)) return done();
    stepReadingAgain(request, reply, () => checkAccess(ctx, request, access)).then(
      () => done(),
      (error: unknown) => done(asError(error)),
    );
  });

  // Before the answer leaves (onSend, not onResponse): pupil data is never sent without its audit row, and a
  // caller that reads the audit trail right after an answer finds the row there.
  app.addHook('onSend', (request, reply, payload, done) => {
    const access = request.routeOptions.config.access;
    const session = request.session;
    if (!access || access.pupilData === 'none' || !session || reply.statusCode >= 400) {
      return done(null, payload);
    }
    auditAnswer(ctx, request, reply, access, session).then(
      () => done(null, payload),
      (error: unknown) => done(asError(error)),
    );
  });
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/** 401 without a live session where one is needed, then 403 for a read-only session on a route that writes. */
async function checkAccess(ctx: AppContext, request: FastifyRequest, access: RouteAccess): Promise<void> {
  if (access.auth === 'session') {
    const session = await authenticate(ctx, request);
    if (!session) throw unauthorized();
    request.session = session;
  } else if (request.headers.authorization) {
    // Public routes still know a signed-in caller (e.g. a client error report names its user).
    request.session = await authenticate(ctx, request);
  }
  if (request.session && isReadOnlySession(request.session) && writeRefused(request))
    throw forbidden(READ_ONLY_SESSION_DETAIL);
}

/** The audit row of an answer that read or wrote pupil data. */
async function auditAnswer(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  access: RouteAccess,
  session: ActiveSession,
): Promise<void> {
  const schoolIds = await accessedSchoolIds(session);
  const params = request.params;
  const entityId =
    typeof params === 'object' && params !== null && 'id' in params && typeof params.id === 'number'
      ? params.id
      : null;
  try {
    await writeAudit(ctx.db, {
      schoolId: schoolIds.length === 1 ? (schoolIds[0] ?? null) : null,
      actorUserId: session.userId,
      impersonatorId: session.impersonatorId,
      action: access.pupilData === 'read' ? 'pupil_data.read' : 'pupil_data.write',
      entity: request.routeOptions.url ?? 'unknown',
      entityId,
      details: { method: request.method, status: reply.statusCode, schoolIds },
      at: ctx.now(),
    });
  } catch (error) {
    // A failed audit row must be visible in the logs (never with the query's values).
    const queryError = findQueryError(error);
    request.log.error(queryError ? { db: describeQueryError(queryError) } : {}, 'audit failed');
  }
}
