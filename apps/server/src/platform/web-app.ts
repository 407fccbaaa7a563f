import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { ApiErrorBody } from '@leerzicht/contract';

/** Vite puts every content-hashed file here: its name changes with its content, so it never goes stale. */
const HASHED_DIR = '/assets/';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A missing hashed asset or a source map: a 404, never the app's page in its place. */
const isFilePath = (url: string) => url.startsWith(HASHED_DIR) || /\.map$/i.test(url.split('?')[0] ?? '');

function setCacheHeaders(webDist: string, reply: FastifyReply, filePath: string): void {
  const relative = `/${path.relative(webDist, filePath).split(path.sep).join('/')}`;
  // index.html, the service worker, version.json, the favicon: revalidated on every use.
  void reply.header('cache-control', relative.startsWith(HASHED_DIR) ? IMMUTABLE : 'no-cache');
}

/**
 * Serves the built single-page app from the same port. Unknown non-API paths answer index.html so the
 * client router takes over; unknown API paths stay JSON 404s.
 *
 * The files are listed once at start (`wildcard: false`): a build written into the folder later is served
 * after a restart, which is how a release deploys. The files come precompressed from the build (.br, .gz)
 * and are sent as they are; source maps are never served (the build emits none unless asked to).
 * Requests for the built files are logged only at warn and above; the client router's pages stay at info.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDist: string,
  logLevel?: 'warn',
): Promise<void> {
  const hasWeb = existsSync(`${webDist}/index.html`);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: ['index.html'],
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => setCacheHeaders(webDist, reply, filePath),
      globIgnore: ['**/*.map', '**/*.br', '**/*.gz'],
      ...(logLevel ? { logLevel } : {}),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/');
    if (hasWeb && !isApi && request.method === 'GET' && !isFilePath(request.url)) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.code(404).send({ status: 404, detail: 'Not found.' } satisfies ApiErrorBody);
  });
}
