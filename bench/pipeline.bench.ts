/**
 * The request pipeline against its yardstick, in the same run: a bare Fastify hello-world and the server's
 * `/api/1.0/version/` (no database work) and `/api/1.0/health/` (a database ping), each in its own process,
 * loaded in turns with autocannon; prints the median requests/s of the rounds and the ratios to bare Fastify
 * (target: /version/ at least 0.5), also as the median of each round's own ratio (steadier on a busy machine).
 *
 *   npm run bench:pipeline                       # builds the server, runs it as in production (compiled, NODE_ENV=production)
 *   BENCH_ROUNDS=5 BENCH_SECONDS=5 BENCH_CONNECTIONS=16 npm run bench:pipeline
 *   BENCH_SERVER_ROOT=/tmp/old-checkout BENCH_SERVER_TSX=1 npm run bench:pipeline   # an older tree through tsx
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { buildServer, compiledServerArgs, waitUntilReady } from '../apps/server/scripts/start-command';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverRoot = process.env.BENCH_SERVER_ROOT ?? repoRoot;
const viaTsx = process.env.BENCH_SERVER_TSX === '1';
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const barePort = Number(process.env.BENCH_BARE_PORT ?? 3518);
const serverPort = Number(process.env.BENCH_PORT ?? 3508);

const BARE_SERVER = `
import Fastify from 'fastify';
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: ${barePort}, host: '127.0.0.1' });
`;

async function requestsPerSecond(url: string): Promise<number> {
  const result = await autocannon({ url, connections, duration: seconds, pipelining: 1 });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return result.requests.average;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

async function main(): Promise<void> {
  if (!viaTsx) buildServer(serverRoot);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-pipeline-'));
  const children: ChildProcess[] = [];
  const logFile = openSync(path.join(dataDir, 'server.log'), 'w');
  try {
    const bare = spawn('node', ['--input-type=module', '-e', BARE_SERVER], {
      cwd: repoRoot,
      stdio: 'inherit',
    });
    children.push(bare);
    const serverArgs = viaTsx
      ? ['--import', 'tsx', path.join(serverRoot, 'apps/server/src/main.ts')]
      : compiledServerArgs(serverRoot);
    const server = spawn('node', serverArgs, {
      cwd: path.join(serverRoot, 'apps/server'),
      // The log goes to a file, as it would to a pipe or a journal in production (not to /dev/null).
      stdio: ['ignore', logFile, 'inherit'],
      env: {
        ...process.env,
        // tsx passes bench/tsconfig.json down by a relative path; the server has its own.
        TSX_TSCONFIG_PATH: path.join(serverRoot, 'apps/server/tsconfig.json'),
        NODE_ENV: 'production',
        PORT: String(serverPort),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
      },
    });
    children.push(server);
    const targets = {
      'bare Fastify': `http://127.0.0.1:${barePort}/`,
      '/version/': `http://127.0.0.1:${serverPort}/api/1.0/version/`,
      '/health/': `http://127.0.0.1:${serverPort}/api/1.0/health/`,
    };
    await waitUntilReady(targets['bare Fastify'], bare, { name: 'bare Fastify' });
    await waitUntilReady(targets['/health/'], server, { name: 'the server' });

    const figures = new Map<string, number[]>(Object.keys(targets).map((name) => [name, []]));
    // Each target's ratio to bare Fastify within one round: the machine's load changes less within a round.
    const roundRatios = new Map<string, number[]>(Object.keys(targets).map((name) => [name, []]));
    // Warm-up, then rounds in turns so that the machine's other load falls on each target alike.
    for (const url of Object.values(targets)) await autocannon({ url, connections, duration: 2 });
    for (let round = 1; round <= rounds; round++) {
      let bare = 0;
      for (const [name, url] of Object.entries(targets)) {
        const rps = await requestsPerSecond(url);
        if (name === 'bare Fastify') bare = rps;
        figures.get(name)?.push(rps);
        roundRatios.get(name)?.push(rps / bare);
        console.log(
          `round ${round}  ${name.padEnd(13)} ${rps.toFixed(0).padStart(6)} req/s  ratio ${(rps / bare).toFixed(2)}`,
        );
      }
    }

    const bareMedian = median(figures.get('bare Fastify') ?? []);
    console.log(
      `\n${viaTsx ? 'tsx' : 'compiled'} server at ${serverRoot}; ${connections} connections, ${seconds} s x ${rounds} rounds (median; load ${loadavg()[0]?.toFixed(1)})`,
    );
    for (const [name, values] of figures) {
      const value = median(values);
      const ratio = value / bareMedian;
      const perRound = median(roundRatios.get(name) ?? []);
      const target = name === '/version/' ? `  (target >= 0.5: ${ratio >= 0.5 ? 'met' : 'NOT met'})` : '';
      console.log(
        `${name.padEnd(13)} ${value.toFixed(0).padStart(7)} req/s   ratio ${ratio.toFixed(2)}, per round ${perRound.toFixed(2)}${target}`,
      );
    }
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    closeSync(logFile);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
