import type { FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable, unavailableCode } from '../../db/connection-loss';

/**
 * Whether a step of a request (the session check, the policy, the handler) that failed runs once more: only
 * for GET and HEAD, only when the database connection was lost, and only while nothing was answered yet. The
 * pool has discarded the broken client, so the second run gets another connection; when the database is
 * really down it fails too and the error handler answers 503 with Retry-After.
 *
 * Why per request step and not per statement in the database layer: a statement's text does not tell a read
 * from a write (`select ... from reserve_attempts(...)` counts a login attempt), and a statement that was lost
 * inside a transaction cannot be sent alone again: the whole transaction is gone. A GET route, though, is a
 * read by declaration unless its endpoint says `write: 'write'` (the spec's two-step GETs, refused for read-only
 * sessions like any write), so its steps can run again as a whole; what they write on the side (a session's
 * last use, a recomputed stale summary) is the same the second time.
 */
export function readsAgain(request: FastifyRequest, reply: FastifyReply, error: unknown): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (request.routeOptions.config.write === 'write') return false;
  if (reply.sent || !isDatabaseUnavailable(error)) return false;
  request.log.warn({ db: { code: unavailableCode(error) } }, 'database connection lost: reading once more');
  return true;
}

/** Runs one step of a request, and once more when `readsAgain` says so. */
export async function stepReadingAgain<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  step: () => Promise<T>,
): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (!readsAgain(request, reply, error)) throw error;
    return step();
  }
}
