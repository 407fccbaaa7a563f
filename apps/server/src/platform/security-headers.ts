import { IncomingMessage, ServerResponse, type OutgoingHttpHeaders } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** Helmet's defaults with the Content-Security-Policy the web app needs. */
export const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      // Mantine injects style attributes at run time.
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:'],
    },
  },
};

/**
 * The headers helmet sets, worked out once: helmet's middleware run against a response that is never sent.
 * They depend on nothing in the request (no CSP nonces), so every answer can carry the same set.
 */
export function securityHeaders(options: HelmetOptions = HELMET_OPTIONS): OutgoingHttpHeaders {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  helmet(options)(request, response, (error?: unknown) => {
    if (error) throw error;
  });
  return response.getHeaders();
}

/**
 * Sends helmet's headers with every answer: API, built files, 404s and the errors of the access check (the
 * hook is registered before it). @fastify/helmet built helmet's middleware anew on every request (two hooks,
 * a promise and the CSP string each time); the set never changes, so it is built at start.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions = HELMET_OPTIONS): void {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}
