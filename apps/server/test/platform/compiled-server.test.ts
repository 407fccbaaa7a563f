import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../helpers/free-port';
import { databaseUrl, onServer, type TemplateRef } from '../helpers/template-db';
import { untilHealthy } from '../helpers/until-healthy';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BUILD_VERSION = `compiled-${randomBytes(4).toString('hex')}`;
const ASSET = '/assets/index-Cmp1ld9x.js';
const assetSource = `export const built = ${JSON.stringify('x'.repeat(2_000))};\n`;
const indexHtml = '<!doctype html><html><head><title>Leerzicht</title></head><body></body></html>';

/** A web build as Vite and its compression step write it: a page and a hashed asset with its .br copy. */
function writeWebDist(dir: string): void {
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), indexHtml);
  writeFileSync(path.join(dir, ASSET.slice(1)), assetSource);
  writeFileSync(path.join(dir, `${ASSET.slice(1)}.br`), brotliCompressSync(assetSource));
}

/**
 * The production server as it is shipped: scripts/build.mjs bundles src/main.ts into one file, which `node`
 * runs with NODE_ENV=production on the embedded database (PGlite under a fresh DATA_DIR), or on a fresh
 * PostgreSQL database when the run has a DATABASE_URL. What a bundle can break and the tests on the sources
 * do not see: a package that does not load as ESM, the migrations not found beside the bundle, the built
 * web app not served. The database starts as a copy of the run's migrated template (a migration from
 * nothing costs PGlite most of a minute on a busy machine); the server still reads the migrations beside
 * the bundle and finds them all applied.
 */
describe('the compiled server', () => {
  let work = '';
  // Inside apps/server/dist/ (ignored like dist/ itself): the bundle finds node_modules as dist/main.js does.
  const distRoot = path.join(serverRoot, 'dist');
  let outDir = '';
  let child: ChildProcess | undefined;
  let base = '';
  let output = '';
  const template: TemplateRef | undefined = inject('testDbTemplate');
  const database = process.env.DATABASE_URL
    ? {
        name: `leerzicht_compiled_${randomBytes(5).toString('hex')}`,
        server: process.env.DATABASE_URL,
      }
    : null;

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'compiled-server-'));
    mkdirSync(distRoot, { recursive: true });
    outDir = mkdtempSync(path.join(distRoot, 'test-'));
    const built = spawnSync('node', ['scripts/build.mjs', '--outdir', outDir], {
      cwd: serverRoot,
      encoding: 'utf8',
    });
    if (built.status !== 0) throw new Error(`the build failed:\n${built.stdout}${built.stderr}`);
    writeWebDist(path.join(work, 'web'));
    if (database) {
      const fromTemplate = template?.kind === 'postgres' ? ` TEMPLATE ${template.name}` : '';
      await onServer(database.server, `CREATE DATABASE ${database.name}${fromTemplate}`);
    } else if (template?.kind === 'pglite') {
      // Where main.ts opens the embedded database: DATA_DIR/pglite.
      cpSync(template.dir, path.join(work, 'data', 'pglite'), { recursive: true });
    }

    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(work, 'data'),
      WEB_DIST: path.join(work, 'web'),
      BUILD_VERSION,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'compiled-server-secret-that-is-long-enough-for-hs256',
    };
    delete env.DATABASE_URL;
    if (database) env.DATABASE_URL = databaseUrl(database.server, database.name);
    const started = spawn('node', [path.join(outDir, 'main.js')], {
      cwd: serverRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env,
    });
    child = started;
    started.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await untilHealthy(started, base, { timeoutMs: 60_000, output: () => output });
  }, 120_000);

  afterAll(async () => {
    const running = child;
    if (running && running.exitCode === null && running.signalCode === null) {
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      const timer = setTimeout(() => running.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    if (database) await onServer(database.server, `DROP DATABASE IF EXISTS ${database.name} WITH (FORCE)`);
    if (work) rmSync(work, { recursive: true, force: true });
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  }, 60_000);

  it('answers /version/ with its build version, helmet headers and no-store', async () => {
    const response = await fetch(`${base}/api/1.0/version/`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ version: BUILD_VERSION });
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('answers /health/ with the database up', async () => {
    const response = await fetch(`${base}/api/1.0/health/`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: true, version: BUILD_VERSION });
  });

  it('serves the built web app: a hashed asset precompressed, the page for a client route', async () => {
    const asset = await fetch(`${base}${ASSET}`, { headers: { 'accept-encoding': 'br' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // fetch decodes the brotli body it asked for; the header says it came precompressed.
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(await asset.text()).toBe(assetSource);

    const page = await fetch(`${base}/groepen/12`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toBe(indexHtml);
  });

  it('answers an unknown API path with a JSON 404, not the page', async () => {
    const response = await fetch(`${base}/api/1.0/no-such-thing/`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ status: 404, detail: 'Not found.' });
  });
});
