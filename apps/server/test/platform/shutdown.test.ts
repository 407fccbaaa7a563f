import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loginResponseSchema } from '@leerzicht/contract';
import { createDatabase } from '../../src/db/client';
import { TEST_PASSWORD, addMember, createSchool, createUser } from '../helpers/factories';
import { freePort } from '../helpers/free-port';
import { databaseUrl, onServer, type TemplateRef } from '../helpers/template-db';
import { untilHealthy } from '../helpers/until-healthy';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** "A few seconds": from the last answer to the process gone. */
const EXIT_WITHIN_MS = 3_000;
/** How long the in-flight request is held after SIGTERM. */
const HOLD_MS = 1_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * SIGTERM to the server as it runs in production (NODE_ENV=production, PostgreSQL): a request in flight (a sign-in
 * held by a lock on `users` this test takes) still gets its answer, the pools close after it (no "Cannot use a
 * pool after calling end on the pool"), and the process exits with 0 within a few seconds, also with an idle
 * keep-alive connection and the in-flight request's own keep-alive connection open. PostgreSQL only.
 */
describe('shutdown on SIGTERM', () => {
  const server = process.env.DATABASE_URL ?? '';
  const name = `leerzicht_shutdown_${randomBytes(5).toString('hex')}`;
  const template: TemplateRef | undefined = inject('testDbTemplate');
  let child: ChildProcess | undefined;
  let output = '';
  let dataDir = '';
  let base = '';
  let username = '';

  beforeAll(async () => {
    const fromTemplate = template?.kind === 'postgres' ? ` TEMPLATE ${template.name}` : '';
    await onServer(server, `CREATE DATABASE ${name}${fromTemplate}`);
    const database = createDatabase({ url: databaseUrl(server, name), poolMax: 1 });
    if (!fromTemplate) await database.migrate();
    const user = await createUser(database.db);
    await addMember(database.db, (await createSchool(database.db)).id, user.id);
    username = user.username;
    await database.close();

    dataDir = await mkdtemp(path.join(tmpdir(), 'shutdown-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const started = spawn('node', ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: databaseUrl(server, name),
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
        JWT_SECRET: 'shutdown-secret-that-is-long-enough-for-hs256',
      },
    });
    child = started;
    started.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await untilHealthy(started, base, { timeoutMs: 120_000, output: () => output });
  }, 180_000);

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await onServer(server, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('answers the request in flight, closes the pools after it and exits with 0 within a few seconds', async () => {
    const running = child;
    if (!running) throw new Error('no server');
    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      running.once('exit', (code) => resolve({ code, at: Date.now() })),
    );
    // An idle keep-alive connection, as a browser or load balancer leaves one.
    const agent = new Agent({ keepAlive: true });
    const idle = await new Promise<number>((resolve, reject) => {
      get(`${base}/api/1.0/version/`, { agent }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      }).on('error', reject);
    });
    expect(idle).toBe(200);

    const url = databaseUrl(server, name);
    const locker = new pg.Client({ connectionString: url });
    const watcher = new pg.Client({ connectionString: url });
    await Promise.all([locker.connect(), watcher.connect()]);
    try {
      // Whatever the cluster's defaults, the test's lock is held until it commits.
      await locker.query(
        'set idle_in_transaction_session_timeout = 0; set lock_timeout = 0; set statement_timeout = 0',
      );
      await locker.query('begin');
      await locker.query('lock table users in access exclusive mode');
      let settled = '';
      const signIn = fetch(`${base}/api/1.0/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: TEST_PASSWORD }),
      }).then(async (response) => {
        const body = await response.text();
        settled = `${response.status} ${body}`;
        return { status: response.status, body, at: Date.now() };
      });
      // The sign-in is in flight once its look-up of the account waits for the lock.
      for (let waited = 0; ; waited += 10) {
        const { rowCount } = await watcher.query(
          `select 1 from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock' and query ilike '%"users"%'`,
        );
        if (rowCount) break;
        if (waited > 10_000) throw new Error('the sign-in did not reach the database');
        await sleep(10);
      }

      expect(settled, 'the sign-in was answered before it could be held').toBe('');
      const signalled = Date.now();
      running.kill('SIGTERM');
      await sleep(HOLD_MS);
      expect(
        running.exitCode,
        `stopped with the sign-in in flight (answer: ${settled}):\n${output}`,
      ).toBeNull();
      await locker.query('commit');

      const answer = await signIn;
      expect(answer.status).toBe(200);
      expect(loginResponseSchema.parse(JSON.parse(answer.body)).token).toEqual(expect.any(String));
      const exit = await Promise.race([exited, sleep(30_000).then(() => null)]);
      if (!exit) throw new Error(`the server did not exit within 30 s of the answer:\n${output}`);
      const figures = {
        signalToExitMs: exit.at - signalled,
        answerToExitMs: exit.at - answer.at,
        heldMs: answer.at - signalled,
      };
      console.log(JSON.stringify(figures));
      expect(exit.code).toBe(0);
      expect(figures.answerToExitMs).toBeLessThan(EXIT_WITHIN_MS);
      expect(output).toContain('"msg":"stopped"');
      expect(output).not.toContain('Cannot use a pool after calling end on the pool');
    } finally {
      agent.destroy();
      await Promise.all([locker.end(), watcher.end()]);
    }
  }, 90_000);
});
