import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Smaller answers gain less than the encoding costs. */
const MIN_BYTES = 1024;
const COMPRESSIBLE = /^(application\/(json|problem\+json|javascript|xml)|text\/|image\/svg\+xml)/i;

type Encoding = 'br' | 'gzip';

/** The encoding the client prefers among br and gzip (Accept-Encoding with q-values; q=0 refuses). */
export function negotiateEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  let best: { encoding: Encoding; q: number } | null = null;
  let wildcard: number | null = null;
  const seen = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.trim().split(';');
    const name = rawName?.trim().toLowerCase() ?? '';
    if (name === '') continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (Number.isNaN(q)) continue;
    if (name === '*') wildcard = q;
    else seen.set(name, q);
  }
  // brotli first: smaller at the same cost for the client; gzip when that is all the client takes.
  for (const encoding of ['br', 'gzip'] as const) {
    const q = seen.get(encoding) ?? wildcard ?? 0;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding ?? null;
}

function addVary(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const current = typeof vary === 'string' ? vary : Array.isArray(vary) ? vary.join(', ') : '';
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(current)) return;
  void reply.header('vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * Compresses answers built in memory (the API's JSON, error bodies) with brotli or gzip per Accept-Encoding.
 * Files of the web app are precompressed at build time and sent by @fastify/static as they are (streams and
 * answers that already carry a Content-Encoding pass through untouched). Registered first, so the hook sees
 * the final payload after the other onSend hooks.
 */
export function registerCompression(app: FastifyInstance): void {
  // A callback hook, not an async one: most answers pass through untouched and need no promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
    if (
      size < MIN_BYTES ||
      request.method === 'HEAD' ||
      reply.statusCode === 204 ||
      reply.statusCode === 304
    ) {
      return done(null, payload);
    }
    if (reply.getHeader('content-encoding')) return done(null, payload);
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !COMPRESSIBLE.test(type)) return done(null, payload);
    addVary(reply);
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    const compressed =
      encoding === 'br'
        ? brotli(payload, {
            params: {
              // Quality 4 of 11: close to gzip's speed for answers built per request, still smaller.
              [constants.BROTLI_PARAM_QUALITY]: 4,
              [constants.BROTLI_PARAM_SIZE_HINT]: size,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            },
          })
        : gzipAsync(payload, { level: 6 });
    compressed.then(
      (body) => {
        void reply.header('content-encoding', encoding);
        reply.removeHeader('content-length');
        done(null, body);
      },
      (error: Error) => done(error),
    );
  });
}
