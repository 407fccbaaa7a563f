/**
 * Delivery: starts the server as `npm start` does (the built web app from apps/web/dist, the embedded database
 * seeded with the demo data, in a throw-away DATA_DIR) and prints
 * - the bytes on the wire of the login page's JavaScript and CSS (index.html's scripts, module preloads and
 *   style sheets) without compression, with gzip and with brotli, and the caching headers they carry;
 * - the size of a group's results answer (GET /year_classes/{id}/result/) plain, gzip and brotli;
 * - requests per second of /api/1.0/version/ and /api/1.0/health/ (keep-alive, a few connections).
 * Build the web app first (`npm run build`). Run: `npm run bench:delivery`.
 * BENCH_PORT (default 3390), BENCH_SECONDS per throughput run (default 5), BENCH_CONNECTIONS (default 8).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = Number(process.env.BENCH_PORT ?? 3390);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const BASE = `http://127.0.0.1:${PORT}`;
const USERNAME = 'leerkracht';
const PASSWORD = 'welkom-leerzicht';

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  bytes: number;
  body: Buffer;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

/** A request whose body is read as it came over the wire (no decompression). */
function request(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${BASE}${url}`,
      { method: options.method ?? 'GET', headers: options.headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: body.length, body });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (options.body) req.end(options.body);
    else req.end();
  });
}

async function waitForHealth(server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await request('/api/1.0/health/')).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not become healthy within 240 s');
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The files index.html loads before the login form can appear. */
function loginPageFiles(html: string): string[] {
  const urls = new Set<string>();
  for (const match of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) urls.add(match[1]!);
  for (const match of html.matchAll(/<link[^>]*\srel="(?:modulepreload|stylesheet)"[^>]*>/g)) {
    const href = /\shref="([^"]+)"/.exec(match[0]);
    if (href) urls.add(href[1]!);
  }
  return [...urls].filter((url) => url.startsWith('/'));
}

/** Requests per second of one URL over SECONDS with CONNECTIONS keep-alive connections. */
async function throughput(url: string): Promise<{ perSecond: number; errors: number }> {
  let done = 0;
  let errors = 0;
  const end = Date.now() + SECONDS * 1000;
  const worker = async () => {
    while (Date.now() < end) {
      try {
        const response = await request(url);
        if (response.status === 200) done += 1;
        else errors += 1;
      } catch {
        errors += 1;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  return { perSecond: done / ((performance.now() - started) / 1000), errors };
}

async function main(): Promise<void> {
  const dist = path.join(root, 'apps/web/dist');
  if (!existsSync(path.join(dist, 'index.html'))) {
    throw new Error('apps/web/dist/index.html is missing: run `npm run build` first');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'leerzicht-bench-'));
  // The server's own tsx settings, not this script's (--tsconfig reaches a child through the environment).
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('TSX_')));
  const server = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'src/main.ts'], {
    cwd: path.join(root, 'apps/server'),
    env: { ...env, NODE_ENV: 'production', PORT: String(PORT), DATA_DIR: dataDir, SEED_DEMO: 'true' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const started = performance.now();
    await waitForHealth(server);
    console.log(
      `server healthy after ${((performance.now() - started) / 1000).toFixed(1)} s (embedded database)\n`,
    );

    // The login page's JavaScript and CSS.
    const html = (
      await request('/auth/login', { headers: { 'accept-encoding': 'identity' } })
    ).body.toString();
    const files = loginPageFiles(html);
    const totals = { identity: 0, gzip: 0, br: 0 };
    const encoded = { gzip: 0, br: 0 };
    const cacheControl = new Set<string>();
    for (const file of files) {
      for (const encoding of ['identity', 'gzip', 'br'] as const) {
        const response = await request(file, { headers: { 'accept-encoding': encoding } });
        if (response.status !== 200) throw new Error(`${file}: ${response.status}`);
        totals[encoding] += response.bytes;
        if (encoding !== 'identity' && response.headers['content-encoding'] === encoding)
          encoded[encoding] += 1;
        cacheControl.add(String(response.headers['cache-control']));
      }
    }
    const maps = await Promise.all(files.map((file) => request(`${file}.map`)));
    console.log(`login page: ${files.length} JS/CSS files`);
    console.log(`  uncompressed  ${kb(totals.identity)}`);
    console.log(`  gzip          ${kb(totals.gzip)} (${encoded.gzip}/${files.length} files sent gzip)`);
    console.log(`  brotli        ${kb(totals.br)} (${encoded.br}/${files.length} files sent br)`);
    console.log(`  Cache-Control ${[...cacheControl].join(' | ')}`);
    console.log(`  source maps answered 200: ${maps.filter((r) => r.status === 200).length}/${files.length}`);
    const indexHeaders = (await request('/')).headers;
    console.log(`  index.html Cache-Control ${String(indexHeaders['cache-control'])}\n`);

    // A group's results answer.
    const login = await request('/api/1.0/login/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: USERNAME, password: PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`login: ${login.status} ${login.body.toString()}`);
    const { token } = JSON.parse(login.body.toString()) as { token: string };
    const authorization = `JWT ${token}`;
    let groupId = 0;
    for (let id = 1; id <= 500 && groupId === 0; id += 1) {
      const response = await request(`/api/1.0/year_classes/${id}/result/`, { headers: { authorization } });
      if (response.status === 200) groupId = id;
    }
    if (groupId === 0) throw new Error(`no group of ${USERNAME} found`);
    const answer: Record<string, number> = {};
    for (const encoding of ['identity', 'gzip', 'br'] as const) {
      const response = await request(`/api/1.0/year_classes/${groupId}/result/`, {
        headers: { authorization, 'accept-encoding': encoding },
      });
      answer[encoding] = response.bytes;
    }
    console.log(`group results answer (year class ${groupId}, ${USERNAME})`);
    console.log(`  plain   ${kb(answer.identity!)}`);
    console.log(`  gzip    ${kb(answer.gzip!)}`);
    console.log(`  brotli  ${kb(answer.br!)}\n`);

    // Throughput, after a short warm-up.
    console.log(`throughput (${CONNECTIONS} keep-alive connections, ${SECONDS} s each)`);
    for (const url of ['/api/1.0/version/', '/api/1.0/health/']) {
      await request(url);
      const { perSecond, errors } = await throughput(url);
      console.log(
        `  ${url.padEnd(20)} ${perSecond.toFixed(0).padStart(6)} requests/s${errors ? ` (${errors} errors)` : ''}`,
      );
    }
    const version = JSON.parse(readFileSync(path.join(dist, 'version.json'), 'utf8')) as { version: string };
    console.log(`\nweb build ${version.version}`);
  } finally {
    agent.destroy();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
