/**
 * HTTP/1.1 requests on kept-alive connections, as a browser sends them to the API (bench/soak): `Accept-Encoding:
 * gzip, br` and the session's `Authorization: JWT <token>`. Answers are read to their end and timed; their body is
 * kept (and decompressed) only when the caller needs it.
 */
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface Call {
  method: 'GET' | 'POST';
  /** Path and query, from the host on. */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface Answer {
  status: number;
  /** Bytes of the body as sent (compressed when the server compressed it). */
  bytes: number;
  ms: number;
  /** The decompressed body, when asked for. */
  text: string | null;
}

/** The headers a browser's fetch of the web app sends with every API call. */
export function browserHeaders(token: string | null): Record<string, string> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-encoding': 'gzip, br',
    'accept-language': 'nl-NL,nl;q=0.9,en;q=0.8',
    'user-agent': 'leerzicht-soak (bench/soak.bench.ts)',
  };
  if (token) headers.authorization = `JWT ${token}`;
  return headers;
}

function decode(body: Buffer, encoding: string | undefined): string {
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  return body.toString('utf8');
}

/** Sends one call on `agent`'s connections to `base`; rejects on a network error or after `timeoutMs`. */
export function send(
  agent: http.Agent,
  base: URL,
  call: Call,
  options: { keepBody: boolean; timeoutMs: number },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const headers = { ...call.headers };
    if (call.body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(call.body));
    }
    const request = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method: call.method,
        path: call.path,
        headers,
        timeout: options.timeoutMs,
      },
      (response) => {
        let bytes = 0;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (options.keepBody) chunks.push(chunk);
        });
        response.on('error', reject);
        response.on('end', () => {
          const ms = performance.now() - started;
          try {
            const text = options.keepBody
              ? decode(Buffer.concat(chunks), response.headers['content-encoding'])
              : null;
            resolve({ status: response.statusCode ?? 0, bytes, ms, text });
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
    request.on('error', reject);
    request.end(call.body);
  });
}
