import { existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { ApiErrorBody } from '@leerzicht/contract';

/**
 * Serves the built single-page app from the same port. Unknown non-API paths answer index.html so the
 * client router takes over; unknown API paths stay JSON 404s.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const hasWeb = existsSync(`${webDist}/index.html`);
  if (hasWeb) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: ['index.html'] });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/');
    if (hasWeb && !isApi && request.method === 'GET') {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.code(404).send({ status: 404, detail: 'Not found.' } satisfies ApiErrorBody);
  });
}
