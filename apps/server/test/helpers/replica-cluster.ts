import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** Where PostgreSQL's server programs are (Debian's layout); PG_BIN points elsewhere. */
export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const PROGRAMS = ['initdb', 'pg_ctl', 'postgres', 'pg_basebackup'] as const;

/** A primary and its streaming replica on loopback, in a temporary directory owned by the server's user. */
export interface ReplicaPair {
  primaryUrl(database: string): string;
  replicaUrl(database: string): string;
  /** Runs one statement on the primary or the replica (database `postgres` unless named) and returns its rows. */
  query(
    on: 'primary' | 'replica',
    text: string,
    options?: { params?: unknown[]; database?: string },
  ): Promise<Record<string, unknown>[]>;
  /** Waits until the replica has replayed everything the primary has written so far; the milliseconds it took. */
  waitForReplay(timeoutMs?: number): Promise<number>;
  stop(): Promise<void>;
}

/** A clear failure when this machine cannot start a cluster of its own (never a silent skip). */
export function missingPrograms(): string | null {
  const missing = PROGRAMS.filter((name) => !existsSync(path.join(PG_BIN, name)));
  return missing.length === 0
    ? null
    : `PostgreSQL server programs missing under ${PG_BIN} (${missing.join(', ')}): install Debian's ` +
        '`postgresql` package, or set PG_BIN to the directory of initdb, pg_ctl and pg_basebackup';
}

function assertPortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', () =>
      reject(new Error(`port ${port} on 127.0.0.1 is in use: a cluster left running?`)),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

/**
 * PostgreSQL refuses to run as root, and tests run as root in CI: the programs then run as `postgres` through
 * runuser, in a directory that user owns.
 */
const asRoot = process.getuid?.() === 0;
async function pgProgram(name: (typeof PROGRAMS)[number], args: string[]): Promise<void> {
  const program = path.join(PG_BIN, name);
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args];
  await run(file, argv, { timeout: 60_000 });
}

/** Settings of a throw-away cluster: loopback only, durability off (fsync) to keep the tests quick. */
function clusterOptions(port: number, socketDir: string): string {
  return (
    `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${socketDir} -c fsync=off ` +
    '-c full_page_writes=off -c wal_level=replica -c hot_standby=on -c max_wal_senders=4'
  );
}

async function startClusterIn(dir: string, port: number, socketDir: string): Promise<void> {
  await pgProgram('pg_ctl', [
    'start',
    '-D',
    dir,
    '-w',
    '-t',
    '60',
    '-l',
    `${dir}.log`,
    '-o',
    clusterOptions(port, socketDir),
  ]);
}

/** A temporary directory the server's user owns, with a fresh cluster in `dir` (trust on loopback). */
async function initCluster(root: string, dir: string): Promise<void> {
  if (asRoot) await chown(root, await postgresIds('uid'), await postgresIds('gid'));
  await pgProgram('initdb', ['-D', dir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  await writeFile(
    path.join(dir, 'pg_hba.conf'),
    [
      'local all all trust',
      'host all all 127.0.0.1/32 trust',
      'host replication all 127.0.0.1/32 trust',
      '',
    ].join('\n'),
  );
}

const loopbackUrl = (port: number, database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;

async function queryOnce(
  url: string,
  text: string,
  params: unknown[] = [],
): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Record<string, unknown>>(text, params)).rows;
  } finally {
    await client.end();
  }
}

/**
 * initdb a primary (wal_level=replica, replication allowed from loopback) on `ports.primary`, take a base backup
 * with `-R` (standby.signal and primary_conninfo) and start it as a hot standby on `ports.replica`. Durability is
 * off (fsync) to keep the test quick: these clusters live for one test file.
 */
export async function startReplicaPair(ports: { primary: number; replica: number }): Promise<ReplicaPair> {
  const problem = missingPrograms();
  if (problem) throw new Error(problem);
  await Promise.all([assertPortFree(ports.primary), assertPortFree(ports.replica)]);

  const root = await mkdtemp(path.join(tmpdir(), 'leerzicht-replica-'));
  const primaryDir = path.join(root, 'primary');
  const replicaDir = path.join(root, 'replica');
  const started: string[] = [];
  const stop = async () => {
    for (const dir of started.reverse()) {
      await pgProgram('pg_ctl', ['stop', '-D', dir, '-m', 'immediate', '-w']).catch(() => undefined);
    }
    await rm(root, { recursive: true, force: true });
  };
  const startCluster = async (dir: string, port: number) => {
    started.push(dir);
    await startClusterIn(dir, port, root);
  };

  try {
    await initCluster(root, primaryDir);
    await startCluster(primaryDir, ports.primary);
    await pgProgram('pg_basebackup', [
      '-R',
      '-D',
      replicaDir,
      '-h',
      '127.0.0.1',
      '-p',
      String(ports.primary),
      '-U',
      'postgres',
      '-X',
      'stream',
      '--no-sync',
    ]);
    await startCluster(replicaDir, ports.replica);
  } catch (error) {
    await stop();
    throw error;
  }

  const query: ReplicaPair['query'] = (on, text, { params = [], database = 'postgres' } = {}) =>
    queryOnce(loopbackUrl(ports[on], database), text, params);
  return {
    primaryUrl: (database) => loopbackUrl(ports.primary, database),
    replicaUrl: (database) => loopbackUrl(ports.replica, database),
    query,
    waitForReplay: async (timeoutMs = 20_000) => {
      const started = Date.now();
      const [written] = await query('primary', 'select pg_current_wal_lsn()::text as lsn');
      const lsn = String(written?.lsn);
      for (;;) {
        const [replayed] = await query(
          'replica',
          'select coalesce(pg_last_wal_replay_lsn() >= $1::pg_lsn, false) as done',
          { params: [lsn] },
        );
        if (replayed?.done === true) return Date.now() - started;
        if (Date.now() - started > timeoutMs) throw new Error(`replica did not replay up to ${lsn}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    stop,
  };
}

/** One throw-away cluster that a test may restart under load. */
export interface ThrowAwayCluster {
  url(database: string): string;
  /** Runs one statement on its own connection (database `postgres` unless named) and returns its rows. */
  query(
    text: string,
    options?: { params?: unknown[]; database?: string },
  ): Promise<Record<string, unknown>[]>;
  /**
   * `pg_ctl restart -m fast`: every connection is ended (57P01), the server stops and starts again; resolves
   * once it accepts connections.
   */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** initdb and start a single cluster on 127.0.0.1:`port`, as startReplicaPair starts its primary. */
export async function startThrowAwayCluster(port: number): Promise<ThrowAwayCluster> {
  const problem = missingPrograms();
  if (problem) throw new Error(problem);
  await assertPortFree(port);
  const root = await mkdtemp(path.join(tmpdir(), 'leerzicht-cluster-'));
  const dir = path.join(root, 'data');
  const stop = async () => {
    await pgProgram('pg_ctl', ['stop', '-D', dir, '-m', 'immediate', '-w']).catch(() => undefined);
    await rm(root, { recursive: true, force: true });
  };
  try {
    await initCluster(root, dir);
    await startClusterIn(dir, port, root);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: (database) => loopbackUrl(port, database),
    query: (text, { params = [], database = 'postgres' } = {}) =>
      queryOnce(loopbackUrl(port, database), text, params),
    restart: () =>
      pgProgram('pg_ctl', [
        'restart',
        '-D',
        dir,
        '-m',
        'fast',
        '-w',
        '-t',
        '60',
        '-l',
        `${dir}.log`,
        '-o',
        clusterOptions(port, root),
      ]),
    stop,
  };
}

async function postgresIds(which: 'uid' | 'gid'): Promise<number> {
  const { stdout } = await run('id', [which === 'uid' ? '-u' : '-g', 'postgres']);
  return Number(stdout.trim());
}
