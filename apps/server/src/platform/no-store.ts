import type { FastifyInstance } from 'fastify';

/**
 * Every API answer may carry pupil or personal data (names, results, notes, e-mail addresses), so no browser
 * cache, back-forward cache or shared proxy may keep a copy. Set when the answer is sent, so error answers
 * and unknown API paths carry it too.
 */
export function registerNoStore(app: FastifyInstance, prefix: string): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (
      request.url === prefix ||
      request.url.startsWith(`${prefix}/`) ||
      request.url.startsWith(`${prefix}?`)
    ) {
      void reply.header('Cache-Control', 'no-store');
    }
    return payload;
  });
}
