import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { negotiateEncoding } from '../../src/platform/compression';
import { api, createTestApp, type TestApp } from '../helpers/app';

const ASSET = '/assets/index-AbC123xy.js';
const assetSource = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `woord ${i}`))};\n`;
const indexHtml = `<!doctype html><html><head><script type="module" src="${ASSET}"></script></head><body>${'<!-- padding -->'.repeat(80)}</body></html>`;
const serviceWorker = `self.addEventListener('fetch', () => {});\n${'// padding\n'.repeat(120)}`;

/** A small build as the web app's build writes it: files with their .br and .gz copies, and a source map. */
function writeDist(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'leerzicht-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  const files: Record<string, string> = {
    'index.html': indexHtml,
    'service-worker.js': serviceWorker,
    [ASSET.slice(1)]: assetSource,
  };
  for (const [name, content] of Object.entries(files)) {
    writeFileSync(path.join(dist, name), content);
    writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(content));
    writeFileSync(path.join(dist, `${name}.gz`), gzipSync(content));
  }
  writeFileSync(path.join(dist, `${ASSET.slice(1)}.map`), '{"version":3,"sources":["geheim.ts"]}');
  writeFileSync(path.join(dist, 'version.json'), '{"version":"test"}');
  return dist;
}

function decode(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return gunzipSync(body).toString();
  return body.toString();
}

describe('delivery: compression, caching and quiet logs', () => {
  let t: TestApp;
  let dist: string;
  const lines: string[] = [];

  beforeAll(async () => {
    // The app lists the build's files when it starts: the folder must be complete before.
    dist = writeDist();
    t = await createTestApp({
      env: { WEB_DIST: dist, LOG_LEVEL: 'info' },
      logStream: { write: (line) => lines.push(line) },
    });
  });

  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  describe('hashed assets and pages', () => {
    it.each([
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['gzip, deflate, br', 'br'],
      ['br;q=0, gzip', 'gzip'],
    ])(
      'Accept-Encoding %s sends the precompressed %s copy, which decodes to the file',
      async (accept, sent) => {
        const response = await t.app.inject({
          method: 'GET',
          url: ASSET,
          headers: { 'accept-encoding': accept },
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding']).toBe(sent);
        expect(response.headers['content-type']).toMatch(/javascript/);
        expect(response.headers.vary).toMatch(/accept-encoding/i);
        expect(decode(sent, response.rawPayload)).toBe(assetSource);
      },
    );

    it('sends the file as it is without Accept-Encoding or with identity', async () => {
      for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
        const response = await t.app.inject({ method: 'GET', url: ASSET, headers });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding']).toBeUndefined();
        expect(response.body).toBe(assetSource);
      }
    });

    it('marks hashed assets immutable for a year', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: ASSET,
        headers: { 'accept-encoding': 'br' },
      });
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it.each([
      ['/', indexHtml],
      ['/index.html', indexHtml],
      ['/app/schools/1/groups/2/results', indexHtml],
      ['/service-worker.js', serviceWorker],
    ])('%s is revalidated on every use (no-cache) and compressed', async (url, content) => {
      const response = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(decode('gzip', response.rawPayload)).toBe(content);
    });

    it('does not serve source maps, nor the page in place of a missing asset', async () => {
      for (const url of [`${ASSET}.map`, '/assets/missing-123.js']) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(404);
        expect(response.body).not.toContain('geheim');
        expect(response.body).not.toContain('<html');
      }
    });
  });

  describe('API answers', () => {
    it('compresses a JSON answer per Accept-Encoding; it decodes to the plain answer', async () => {
      // The OpenAPI document: a large JSON answer that needs no session.
      const url = '/api/docs/json';
      const plain = await t.app.inject({ method: 'GET', url });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.rawPayload.length).toBeGreaterThan(1024);
      for (const encoding of ['br', 'gzip']) {
        const response = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding']).toBe(encoding);
        expect(response.headers['content-type']).toMatch(/application\/json/);
        expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
        expect(JSON.parse(decode(encoding, response.rawPayload))).toEqual(plain.json());
      }
    });

    it('leaves small answers plain and keeps no-store', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: api('/version/'),
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toEqual({ version: 'test' });
    });
  });

  describe('request logs', () => {
    it('does not log health checks and asset requests at info; other requests are, without their query', async () => {
      lines.length = 0;
      await t.app.inject({ method: 'GET', url: api('/health/') });
      await t.app.inject({ method: 'GET', url: ASSET });
      await t.app.inject({ method: 'GET', url: `${api('/version/')}?naam=Sam+Jansen` });
      const entries = lines.map((line) => JSON.parse(line) as { msg?: string; req?: { route?: string } });
      const routes = entries.map((entry) => entry.req?.route).filter(Boolean);
      expect(routes).not.toContain(api('/health/'));
      expect(routes).not.toContain(ASSET);
      expect(routes).toContain(api('/version/'));
      expect(lines.join('')).not.toContain('Jansen');
    });
  });

  it('negotiates brotli before gzip and honours q=0', () => {
    expect(negotiateEncoding(undefined)).toBeNull();
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding('gzip, br')).toBe('br');
    expect(negotiateEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*, br;q=0')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBeNull();
  });
});
