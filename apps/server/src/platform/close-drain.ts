import type { FastifyInstance } from 'fastify';

/**
 * On close (SIGTERM) the requests in flight finish, and an answer given from then on ends its connection
 * (`Connection: close`). Without it the keep-alive socket of a request that was in flight stays open after its
 * answer, and server.close() waits for the client to drop it: up to Fastify's keepAliveTimeout (72 s), where
 * `forceCloseConnections: 'idle'` only closes the sockets that were idle when the close began. Requests that
 * arrive during the close get Fastify's 503 with `Connection: close` (return503OnClosing).
 */
export function registerCloseDrain(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) void reply.header('Connection', 'close');
    done(null, payload);
  });
}
