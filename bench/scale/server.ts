/** Runs the compiled bundle as in production against one database (bench/scale). */
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  answers,
  compiledServerArgs,
  stopServer,
  waitUntilReady,
} from '../../apps/server/scripts/start-command';
import { JWT_SECRET } from './config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningServer {
  base: string;
  /** The server process (for its CPU and memory in /proc). */
  pid: number;
  /** performance.now() when the process was started (V8's --trace-gc times count from about then). */
  spawnedAt: number;
  stop(): Promise<void>;
}

export interface ServerOptions {
  databaseUrl: string;
  port: number;
  /** Working directory for DATA_DIR and the log. */
  dir: string;
  /** When set, every statement is appended to this file (BENCH_SQL_LOG in apps/server/src/db/client.ts). */
  sqlLog?: string;
  /** Load the demo into the empty database on start (SEED_DEMO); off by default. */
  seedDemo?: boolean;
  /** Node options before those of `start:dist` (e.g. `--trace-gc`, which NODE_OPTIONS may not carry). */
  nodeFlags?: string[];
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
    SEED_DEMO: options.seedDemo ? 'true' : 'false',
    // The login's load comes from one address per connection (load.ts).
    TRUST_PROXY: 'true',
    JWT_SECRET,
  };
  delete env.BENCH_SQL_LOG;
  if (options.sqlLog) env.BENCH_SQL_LOG = options.sqlLog;
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), ...compiledServerArgs()], {
    cwd: path.join(root, 'apps/server'),
    // The log goes to a file, as it would to a journal in production.
    stdio: ['ignore', log, log],
    env,
  });
  try {
    await waitUntilReady(`${base}/api/1.0/health/`, child);
  } catch (error) {
    child.kill('SIGTERM');
    closeSync(log);
    throw error;
  }
  const pid = child.pid;
  if (pid === undefined) throw new Error('the server has no process id');
  return {
    base,
    pid,
    spawnedAt,
    stop: async () => {
      await stopServer(child);
      closeSync(log);
    },
  };
}
