import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MARKERS } from '@leerzicht/contract';
import { createDatabase, type Database } from '../../src/db/client';
import { createSecretBox } from '../../src/platform/secret-box';
import { createTotpMember } from '../helpers/auth';
import { TEST_PASSWORD } from '../helpers/factories';
import { freePort } from '../helpers/free-port';
import { databaseUrl, onServer } from '../helpers/template-db';
import { untilHealthy } from '../helpers/until-healthy';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// Two processes need a shared PostgreSQL: the run's own (DATABASE_URL; vitest.config.ts runs this file only then).
const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const JWT_SECRET = 'two-process-secret-that-is-long-enough-for-hs256';

/**
 * The server is stateless: two processes on one PostgreSQL database share sessions and the two-step replay
 * guard. A sign-in on one is a session on the other; a code used on one is refused on the other; a logout on
 * one ends the session on both.
 */
describe('two server processes on one database', () => {
  const name = `leerzicht_two_${randomBytes(5).toString('hex')}`;
  const url = databaseUrl(baseUrl, name);
  const children: ChildProcess[] = [];
  let database: Database;
  let dataDir: string;
  let first: string;
  let second: string;

  beforeAll(async () => {
    await onServer(baseUrl, `CREATE DATABASE ${name}`);
    database = createDatabase({ url, poolMax: 2 });
    await database.migrate();
    dataDir = await mkdtemp(path.join(tmpdir(), 'two-process-'));
    const bases: string[] = [];
    for (const label of ['a', 'b']) {
      const port = await freePort();
      const child = spawn('node', ['--import', 'tsx', 'src/main.ts'], {
        cwd: serverRoot,
        stdio: ['ignore', 'ignore', 'inherit'],
        env: {
          ...process.env,
          NODE_ENV: 'production',
          DATABASE_URL: url,
          DATABASE_POOL_MAX: '3',
          JWT_SECRET,
          PORT: String(port),
          HOST: '127.0.0.1',
          SEED_DEMO: 'false',
          LOG_LEVEL: 'warn',
          DATA_DIR: path.join(dataDir, label),
        },
      });
      children.push(child);
      bases.push(`http://127.0.0.1:${port}`);
    }
    await Promise.all(
      bases.map((base, index) => untilHealthy(children[index] as ChildProcess, base, { timeoutMs: 90_000 })),
    );
    [first = '', second = ''] = bases;
  }, 120_000);

  afterAll(async () => {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(
      children.map(
        (child) =>
          new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve))),
      ),
    );
    await database?.close();
    await onServer(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  const login = (base: string, payload: Record<string, string>) =>
    fetch(`${base}/api/1.0/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
  const profile = (base: string, token: string) =>
    fetch(`${base}/api/1.0/profile/`, { headers: { authorization: `JWT ${token}` } });

  it('signs in on one, uses the session on the other, refuses a replayed code there, logs out across', async () => {
    const member = await createTotpMember(database.db, createSecretBox(JWT_SECRET));
    const credentials = { username: member.user.username, password: TEST_PASSWORD };
    const code = member.code(new Date());

    const signedIn = await login(first, { ...credentials, totpChallenge: code });
    expect(signedIn.status).toBe(200);
    const { token } = (await signedIn.json()) as { token: string };

    const elsewhere = await profile(second, token);
    expect(elsewhere.status).toBe(200);
    expect(((await elsewhere.json()) as { username?: string }).username).toBe(member.user.username);

    const replay = await login(second, { ...credentials, totpChallenge: code });
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ detail: LOGIN_MARKERS.totpInvalid });

    const loggedOut = await fetch(`${second}/api/1.0/logout/`, {
      method: 'POST',
      headers: { authorization: `JWT ${token}` },
    });
    expect(loggedOut.status).toBeLessThan(300);
    expect((await profile(first, token)).status).toBe(401);
  }, 60_000);
});
