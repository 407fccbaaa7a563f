import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolOutflowSchema, type SchoolOutflow } from '@leerzicht/contract';
import { createDatabase, type Database } from '../../src/db/client';
import { schoolAmbitions, schoolOutflow } from '../../src/db/schema/index';
import { SUBJECT_IDS } from '../../src/seed/catalog';
import { addMember, createCatalog, createSchool, createUser, TEST_PASSWORD } from '../helpers/factories';
import { startReplicaPair, type ReplicaPair } from '../helpers/replica-cluster';
import { untilHealthy } from '../helpers/until-healthy';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PORTS = { primary: 5441, replica: 5442 };
const SERVER_PORT = 3307;
const base = `http://127.0.0.1:${SERVER_PORT}`;
const DB_NAME = 'leerzicht';
const JWT_SECRET = 'read-replica-secret-that-is-long-enough-for-hs256';

type OutflowRow = {
  calendarYear: number;
  advice: SchoolOutflow['years'][number]['advices'][number]['advice'];
  count: number;
};

/** What GET /school-outflow/ must answer for these rows: per year (ascending), the total and each advice. */
function expectedOutflow(
  rows: readonly OutflowRow[],
): { calendarYear: number; total: number; advices: string[] }[] {
  const years = [...new Set(rows.map((row) => row.calendarYear))].sort((a, b) => a - b);
  return years.map((calendarYear) => {
    const ofYear = rows.filter((row) => row.calendarYear === calendarYear);
    return {
      calendarYear,
      total: ofYear.reduce((sum, row) => sum + row.count, 0),
      advices: ofYear.map((row) => `${row.advice}:${row.count}`).sort(),
    };
  });
}
const summarise = (outflow: SchoolOutflow) =>
  outflow.years.map((year) => ({
    calendarYear: year.calendarYear,
    total: year.total,
    advices: year.advices.map((advice) => `${advice.advice}:${advice.count}`).sort(),
  }));

/**
 * DATABASE_READ_URL against a real streaming replica: a primary and a hot standby started here on loopback. With
 * replay paused on the replica, a row written on the primary is missing from the results read (so the replica
 * answered it), while a user created after the pause signs in and is let in (sessions and access on the primary)
 * and a write through the API lands on the primary.
 */
describe('results reads on a streaming replica', () => {
  let pair: ReplicaPair | undefined;
  let primary: Database | undefined;
  let server: ChildProcess | undefined;
  let dataDir: string | undefined;
  let schoolId = 0;
  let ambitionId = 0;
  const outflow: OutflowRow[] = [
    { calendarYear: 2023, advice: 'VMBO-KB', count: 3 },
    { calendarYear: 2024, advice: 'HAVO', count: 6 },
    { calendarYear: 2024, advice: 'VWO', count: 4 },
  ];
  const figures: Record<string, number> = {};

  beforeAll(async () => {
    const started = Date.now();
    pair = await startReplicaPair(PORTS);
    figures.clustersMs = Date.now() - started;
    await pair.query('primary', `CREATE DATABASE ${DB_NAME}`);
    // The server migrates the new database as it starts; the fixture rows go in once it answers.
    dataDir = await mkdtemp(path.join(tmpdir(), 'read-replica-'));
    server = spawn('node', ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: pair.primaryUrl(DB_NAME),
        DATABASE_READ_URL: pair.replicaUrl(DB_NAME),
        DATABASE_POOL_MAX: '2',
        JWT_SECRET,
        PORT: String(SERVER_PORT),
        HOST: '127.0.0.1',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
      },
    });
    await untilHealthy(server, base, { timeoutMs: 120_000 });
    figures.serverMs = Date.now() - started - figures.clustersMs;

    primary = createDatabase({ url: pair.primaryUrl(DB_NAME), poolMax: 2 });
    await createCatalog(primary.db);
    const school = await createSchool(primary.db);
    schoolId = school.id;
    await primary.db.insert(schoolOutflow).values(outflow.map((row) => ({ schoolId, ...row })));
    const [ambition] = await primary.db
      .insert(schoolAmbitions)
      .values({ schoolId, subjectId: SUBJECT_IDS.RW, lowScore: 40, highScore: 60 })
      .returning();
    ambitionId = ambition?.id ?? 0;
    figures.replayAfterFixturesMs = await pair.waitForReplay();
    figures.readyMs = Date.now() - started;
  }, 180_000);

  afterAll(async () => {
    const child = server;
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await primary?.close();
    await pair?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    console.info(`read replica figures (ms): ${JSON.stringify(figures)}`);
  }, 60_000);

  const getOutflow = async (token: string) => {
    const response = await fetch(`${base}/api/1.0/school-outflow/${schoolId}/`, {
      headers: { authorization: `JWT ${token}` },
    });
    expect(response.status).toBe(200);
    return schoolOutflowSchema.parse(await response.json());
  };

  it('reads results from the replica, and sessions, access and writes from the primary', async () => {
    const replica = pair as ReplicaPair;
    const db = (primary as Database).db;
    await replica.query('replica', 'select pg_wal_replay_pause()');
    await expect
      .poll(async () => (await replica.query('replica', 'select pg_get_wal_replay_pause_state() as s'))[0]?.s)
      .toBe('paused');

    // Written on the primary after the pause: a user (only the primary knows them) and a new year of outflow.
    const user = await createUser(db);
    await addMember(db, schoolId, user.id, { isSchoolSuperuser: true });
    const marker: OutflowRow = { calendarYear: 2025, advice: 'VWO', count: 7 };
    await db.insert(schoolOutflow).values({ schoolId, ...marker });

    const login = await fetch(`${base}/api/1.0/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: user.username, password: TEST_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };

    // The replica's figures: the rows inserted before the pause, not the marker year.
    expect(summarise(await getOutflow(token))).toEqual(expectedOutflow(outflow));

    // A write through the API goes to the primary (the paused replica still has the old band).
    const patched = await fetch(`${base}/api/1.0/school_ambitions/${ambitionId}/`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
      body: JSON.stringify({ id: ambitionId, lowScore: 35, highScore: 70 }),
    });
    expect(patched.status).toBe(200);
    const band = `select low_score, high_score from school_ambitions where id = $1`;
    expect(await replica.query('primary', band, { params: [ambitionId], database: DB_NAME })).toEqual([
      { low_score: 35, high_score: 70 },
    ]);
    expect(await replica.query('replica', band, { params: [ambitionId], database: DB_NAME })).toEqual([
      { low_score: 40, high_score: 60 },
    ]);
    // The replica is a hot standby: it cannot take a write at all.
    await expect(
      replica.query('replica', `update school_ambitions set low_score = 1 where id = $1`, {
        params: [ambitionId],
        database: DB_NAME,
      }),
    ).rejects.toThrow(/read-only transaction/);

    // Replay resumed: once caught up, the same read has the marker year.
    await replica.query('replica', 'select pg_wal_replay_resume()');
    figures.replayAfterResumeMs = await replica.waitForReplay();
    expect(summarise(await getOutflow(token))).toEqual(expectedOutflow([...outflow, marker]));
  }, 60_000);
});
