import type { FastifyInstance } from 'fastify';

/**
 * Every API answer may carry pupil or personal data (names, results, notes, e-mail addresses), so no browser
 * cache, back-forward cache or shared proxy may keep a copy. Set when the answer is sent, so error answers
 * and unknown API paths carry it too. A callback hook, not an async one: no promise per request.
 */
export function registerNoStore(app: FastifyInstance, prefix: string): void {
  const underPrefix = `${prefix}/`;
  const queryOnPrefix = `${prefix}?`;
  app.addHook('onSend', (request, reply, payload, done) => {
    const { url } = request;
    if (url === prefix || url.startsWith(underPrefix) || url.startsWith(queryOnPrefix)) {
      void reply.header('Cache-Control', 'no-store');
    }
    done(null, payload);
  });
}
