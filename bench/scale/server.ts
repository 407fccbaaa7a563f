/** Builds the server once and runs the compiled bundle as in production against one database (bench/scale). */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compiledServerArgs } from '../../apps/server/scripts/start-command';
import { JWT_SECRET } from './config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function buildServer(): void {
  const built = spawnSync(process.execPath, [path.join(root, 'apps/server/scripts/build.mjs')], {
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('the server build failed');
}

export interface RunningServer {
  base: string;
  stop(): Promise<void>;
}

export interface ServerOptions {
  databaseUrl: string;
  port: number;
  /** Working directory for DATA_DIR and the log. */
  dir: string;
  /** When set, every statement is appended to this file (BENCH_SQL_LOG in apps/server/src/db/client.ts). */
  sqlLog?: string;
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server stopped (exit ${child.exitCode}); see its log`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer ${url}`);
}

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url);
    return true;
  } catch {
    return false;
  }
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const base = `http://127.0.0.1:${options.port}`;
  // Another process on the port would answer the health check in our server's place.
  if (await answers(`${base}/api/1.0/health/`)) throw new Error(`port ${options.port} is already in use`);
  const log = openSync(path.join(options.dir, `server-${options.port}.log`), 'a');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: options.dir,
    SEED_DEMO: 'false',
    // The login's load comes from one address per connection (load.ts).
    TRUST_PROXY: 'true',
    JWT_SECRET,
  };
  delete env.BENCH_SQL_LOG;
  if (options.sqlLog) env.BENCH_SQL_LOG = options.sqlLog;
  const child = spawn(process.execPath, compiledServerArgs(), {
    cwd: path.join(root, 'apps/server'),
    // The log goes to a file, as it would to a journal in production.
    stdio: ['ignore', log, log],
    env,
  });
  try {
    await waitFor(`${base}/api/1.0/health/`, child);
  } catch (error) {
    child.kill('SIGTERM');
    closeSync(log);
    throw error;
  }
  return {
    base,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      }
      closeSync(log);
    },
  };
}
