import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { resolveSession, type ActiveSession } from './sessions';
import { verifySessionToken } from './session-tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the route rules (platform/routing/hooks.ts) for a request with a live session. */
    session: ActiveSession | null;
  }
}

const SCHEME = /^JWT\s+(\S+)$/i;

export function registerAuthentication(app: FastifyInstance): void {
  app.decorateRequest('session', null);
}

/** The live session named by the request's `Authorization: JWT <token>` header, or null. */
export async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<ActiveSession | null> {
  const match = SCHEME.exec(request.headers.authorization ?? '');
  if (!match?.[1]) return null;
  const now = ctx.now();
  const claims = await verifySessionToken(ctx.jwtSecret, match[1], now);
  if (!claims) return null;
  return resolveSession(ctx.db, claims.sessionId, claims.userId, now, ctx.config.PROVIDER_DOMAIN);
}
