import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvitationsResponseSchema } from '@leerzicht/contract';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createDatabase, type Database } from '../../src/db/client';
import { invitations, pupilNotes } from '../../src/db/schema/index';
import type { MailMessage } from '../../src/platform/mail';
import { createSecretBox } from '../../src/platform/secret-box';
import { TEST_PASSWORD, addMember, createPupil, createSchool, createUser } from '../helpers/factories';
import { freePort } from '../helpers/free-port';
import { startThrowAwayCluster, type ThrowAwayCluster } from '../helpers/replica-cluster';

const JWT_SECRET = 'database-restart-secret-that-is-long-enough-for-hs256';
/** How long after the restart returned (the cluster accepts connections) a failed request is still its doing. */
const MARGIN_MS = 1_000;
/**
 * Invitations are the writes in a transaction (a connection held across statements, where a dropped one used
 * to stop the process): several addresses per request make the transactions long enough for the restart to
 * hit some, and many inviters keep several in flight. 24 x 4 stays below the per-inviter limit of an hour (100),
 * so no 429 mixes with what the restart does; they start shortly before the restart.
 */
const INVITERS = 8;
const INVITATION_REQUESTS = 24;
const ADDRESSES_PER_REQUEST = 4;
const INVITERS_START_MS = 500;

interface Outcome {
  kind: 'note' | 'invitation' | 'read';
  /** The note's content or the invited address: what the database must (not) hold afterwards. */
  key: string;
  start: number;
  end: number;
  /** 0 when no answer came (connection reset or refused). */
  status: number;
  retryAfter: string | null;
  acknowledged: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `pg_ctl restart -m fast` of the server's PostgreSQL cluster (a throw-away one started here) under concurrent
 * writes (pupil notes, invitations that are mailed) and reads over real HTTP. The process stays up, answers only
 * 503 with Retry-After and only around the restart, every acknowledged write is in the database (and every
 * acknowledged invitation mailed), no write that answered an error is, and /health/ says down, then up.
 */
describe('a PostgreSQL restart under load', () => {
  let cluster: ThrowAwayCluster | undefined;
  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  /** The mail the app sent, kept here (a loopback SMTP server takes some 100 ms a message on a busy machine). */
  const sentMail: MailMessage[] = [];
  let dataDir = '';
  let base = '';
  let uncaught = 0;
  const countUncaught = () => {
    uncaught += 1;
  };
  const fixture = { pupilId: 0, schools: [] as { id: number; token: string }[] };

  const call = async (url: string, init: { method?: string; token?: string; body?: unknown } = {}) => {
    const response = await fetch(`${base}/api/1.0${url}`, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.token ? { authorization: `JWT ${init.token}` } : {}),
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
      signal: AbortSignal.timeout(20_000),
    });
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: await response.text(),
    };
  };

  beforeAll(async () => {
    process.on('uncaughtExceptionMonitor', countUncaught);
    cluster = await startThrowAwayCluster(await freePort());
    await cluster.query('CREATE DATABASE leerzicht');
    database = createDatabase({ url: cluster.url('leerzicht'), poolMax: 8 });
    await database.migrate();
    dataDir = await mkdtemp(path.join(tmpdir(), 'database-restart-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      JWT_SECRET,
      WEB_DIST: '/nonexistent',
      DATA_DIR: dataDir,
      APP_URL: 'https://leerzicht.test',
    });
    const mailer = {
      outbox: null,
      send: async (message: MailMessage) => {
        sentMail.push(message);
      },
    };
    const ctx = {
      db: database.db,
      readDb: database.db,
      config,
      jwtSecret: JWT_SECRET,
      secretBox: createSecretBox(JWT_SECRET),
      now: () => new Date(),
      buildVersion: 'restart',
      mailer,
    };
    app = await buildApp({ ctx, ping: database.ping });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

    const db = database.db;
    for (let index = 0; index < INVITERS; index += 1) {
      const school = await createSchool(db);
      const user = await createUser(db);
      await addMember(db, school.id, user.id, { isSchoolSuperuser: true });
      const login = await call('/login/', {
        method: 'POST',
        body: { username: user.username, password: TEST_PASSWORD },
      });
      const { token } = JSON.parse(login.body) as { token: string };
      fixture.schools.push({ id: school.id, token });
      if (index === 0) fixture.pupilId = (await createPupil(db, { schoolId: school.id })).id;
    }
  }, 180_000);

  afterAll(async () => {
    process.off('uncaughtExceptionMonitor', countUncaught);
    await app?.close();
    await database?.close();
    await cluster?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('stays up, answers 503 only around the restart, keeps every acknowledged write and no refused one', async () => {
    const [first] = fixture.schools;
    if (!cluster || !database || !first) throw new Error('no fixture');
    const outcomes: Outcome[] = [];
    const health: { start: number; end: number; status: number }[] = [];
    let running = true;
    let requests = 0;
    const failedRequests: { kind: Outcome['kind']; status: number }[] = [];
    /** Runs one request and records an outcome per key it wrote (the invited addresses, the note). */
    const record = async (kind: Outcome['kind'], keys: string[], run: () => ReturnType<typeof call>) => {
      requests += 1;
      const start = Date.now();
      let status = 0;
      let retryAfter: string | null = null;
      let invited = new Set<string>();
      try {
        const answer = await run();
        status = answer.status;
        retryAfter = answer.retryAfter;
        if (kind === 'invitation' && status === 200) {
          const results = createInvitationsResponseSchema.parse(JSON.parse(answer.body)).invitations;
          invited = new Set(
            results.filter((result) => result.id !== undefined).map((result) => result.email),
          );
        }
      } catch {
        // No answer at all: counted as a failure with status 0.
      }
      const end = Date.now();
      if (status < 200 || status >= 300) failedRequests.push({ kind, status });
      for (const key of keys) {
        const acknowledged = kind === 'invitation' ? invited.has(key) : status >= 200 && status < 300;
        outcomes.push({ kind, key, start, end, status, retryAfter, acknowledged });
      }
    };
    const noteWriter = async (worker: number) => {
      for (let n = 0; running; n += 1) {
        const content = `herstart-notitie-${worker}-${n}`;
        await record('note', [content], () =>
          call('/pupil_note/', {
            method: 'POST',
            token: first.token,
            body: { pupilId: fixture.pupilId, content },
          }),
        );
      }
    };
    const inviter = async (school: { id: number; token: string }) => {
      await sleep(INVITERS_START_MS);
      for (let n = 0; running && n < INVITATION_REQUESTS; n += 1) {
        const emails = Array.from(
          { length: ADDRESSES_PER_REQUEST },
          (_, index) => `herstart-${school.id}-${n}-${index}@example.org`,
        );
        await record('invitation', emails, () =>
          call('/person_invitation/', {
            method: 'POST',
            token: school.token,
            body: { schoolId: school.id, emails },
          }),
        );
      }
    };
    const reader = async (worker: number) => {
      for (let n = 0; running; n += 1) {
        const url = n % 2 === 0 ? `/pupil_note/?pupil_id=${fixture.pupilId}&limit=5` : '/profile/';
        await record('read', [`${worker}-${n}`], () => call(url, { token: first.token }));
      }
    };
    const healthPoller = async () => {
      while (running) {
        const start = Date.now();
        const status = await call('/health/').then(
          (answer) => answer.status,
          () => 0,
        );
        health.push({ start, end: Date.now(), status });
        await sleep(25);
      }
    };

    const workers = [
      ...[0, 1, 2, 3].map(noteWriter),
      ...fixture.schools.map(inviter),
      ...[0, 1].map(reader),
      healthPoller(),
    ];
    await sleep(1_000);
    const restartStart = Date.now();
    await cluster.restart();
    const restartEnd = Date.now();
    await sleep(2_000);
    running = false;
    await Promise.all(workers);

    // The process is alive and serves again.
    expect(uncaught).toBe(0);
    expect((await call('/health/')).status).toBe(200);
    expect((await call('/profile/', { token: first.token })).status).toBe(200);

    /** Whether a request ran wholly before the restart, or began after it (and its margin) was over. */
    const apart = (request: { start: number; end: number }) =>
      request.end < restartStart || request.start > restartEnd + MARGIN_MS;
    const failed = outcomes.filter((outcome) => outcome.status < 200 || outcome.status >= 300);
    const outside = failed.filter(apart);
    expect(failed.filter((outcome) => outcome.status !== 503 || !outcome.retryAfter)).toEqual([]);
    expect(outside).toEqual([]);

    const keysOf = (kind: Outcome['kind'], acknowledged: boolean) =>
      outcomes
        .filter((outcome) => outcome.kind === kind && outcome.acknowledged === acknowledged)
        .map((outcome) => outcome.key);
    const notesAcked = keysOf('note', true);
    const notesRefused = keysOf('note', false);
    const storedNotes = new Set(
      (
        await database.db
          .select({ content: pupilNotes.content })
          .from(pupilNotes)
          .where(inArray(pupilNotes.content, [...notesAcked, ...notesRefused]))
      ).map((row) => row.content),
    );
    const invitedAcked = keysOf('invitation', true);
    const invitedRefused = keysOf('invitation', false);
    const storedInvitations = new Set(
      (
        await database.db
          .select({ email: invitations.email })
          .from(invitations)
          .where(inArray(invitations.email, [...invitedAcked, ...invitedRefused]))
      ).map((row) => row.email),
    );
    expect(notesAcked.filter((key) => !storedNotes.has(key))).toEqual([]);
    expect(notesRefused.filter((key) => storedNotes.has(key))).toEqual([]);
    expect(invitedAcked.filter((key) => !storedInvitations.has(key))).toEqual([]);
    expect(invitedRefused.filter((key) => storedInvitations.has(key))).toEqual([]);
    // Mail only for what was stored and acknowledged, once each.
    expect(sentMail.map((mail) => mail.to).sort()).toEqual([...invitedAcked].sort());

    // /health/ said the database was down during the restart and up at the end.
    const down = health.filter((sample) => sample.status === 503);
    expect(down.length).toBeGreaterThan(0);
    expect(down.filter(apart)).toEqual([]);
    expect(health.at(-1)?.status).toBe(200);
    expect(health.filter((sample) => sample.status !== 200 && sample.status !== 503)).toEqual([]);

    const errorStarts = failed.map((outcome) => outcome.start - restartStart);
    const errorEnds = failed.map((outcome) => outcome.end - restartStart);
    console.log(
      JSON.stringify({
        requests,
        writesByKind: {
          note: outcomes.filter((outcome) => outcome.kind === 'note').length,
          invitation: outcomes.filter((outcome) => outcome.kind === 'invitation').length,
          read: outcomes.filter((outcome) => outcome.kind === 'read').length,
        },
        failedRequests: failedRequests.length,
        failedByKind: {
          note: failedRequests.filter((request) => request.kind === 'note').length,
          invitation: failedRequests.filter((request) => request.kind === 'invitation').length,
          read: failedRequests.filter((request) => request.kind === 'read').length,
        },
        noAnswer: failedRequests.filter((request) => request.status === 0).length,
        restartMs: restartEnd - restartStart,
        errorsFromMs: failed.length ? Math.min(...errorStarts) : null,
        errorsUntilMs: failed.length ? Math.max(...errorEnds) : null,
        healthDownSamples: down.length,
        healthDownFromMs: down.length ? Math.min(...down.map((sample) => sample.start - restartStart)) : null,
        healthDownUntilMs: down.length ? Math.max(...down.map((sample) => sample.end - restartStart)) : null,
        notes: { acknowledged: notesAcked.length, present: storedNotes.size, refused: notesRefused.length },
        invitations: {
          acknowledged: invitedAcked.length,
          present: storedInvitations.size,
          refused: invitedRefused.length,
          mailed: sentMail.length,
        },
      }),
    );
  }, 120_000);
});
