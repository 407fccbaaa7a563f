import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { unauthorized } from './http-errors';
import { resolveSession, type ActiveSession } from './sessions';
import { verifySessionToken } from './session-tokens';

declare module 'fastify' {
  interface FastifyRequest {
    session: ActiveSession | null;
  }
  interface FastifyInstance {
    /** preHandler for routes that need a signed-in user; sets request.session. */
    requireSession: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

const SCHEME = /^JWT\s+(\S+)$/i;

export function registerAuthentication(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('session', null);
  app.decorate('requireSession', async (request: FastifyRequest) => {
    const session = await authenticate(ctx, request);
    if (!session) throw unauthorized();
    request.session = session;
  });
}

/** The live session named by the request's `Authorization: JWT <token>` header, or null. */
export async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<ActiveSession | null> {
  const match = SCHEME.exec(request.headers.authorization ?? '');
  if (!match?.[1]) return null;
  const now = ctx.now();
  const claims = await verifySessionToken(ctx.jwtSecret, match[1], now);
  if (!claims) return null;
  return resolveSession(ctx.db, claims.sessionId, claims.userId, now);
}

/** The session of a route behind requireSession. */
export function sessionOf(request: FastifyRequest): ActiveSession {
  if (!request.session) throw unauthorized();
  return request.session;
}
