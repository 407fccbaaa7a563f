import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SERVICE_UNAVAILABLE_DETAIL,
  createInvitationsResponseSchema,
  pupilNoteListSchema,
  pupilNoteSchema,
} from '@leerzicht/contract';
import { isDatabaseUnavailable } from '../../src/db/connection-loss';
import { auditLog, invitations } from '../../src/db/schema/index';
import { api, authed, createTestApp, loginToken, type TestApp } from '../helpers/app';
import { TEST_PASSWORD, addMember, createPupil, createSchool, createUser } from '../helpers/factories';
import { queryRows } from '../helpers/query';
import { backendPid, lockWaiters, terminateBackends } from '../helpers/backends';
import { databaseUrl } from '../helpers/template-db';

/**
 * A connection PostgreSQL ends under a running request (pg_terminate_backend, as a restart or failover does to
 * every connection): the process stays up, a write answers 503 with Retry-After and leaves nothing behind, and a
 * read runs once more on a new connection. The statement to cut off is held by a lock this test takes, so it is
 * running on the server when the test ends its backend. PostgreSQL only (vitest.config.ts).
 */
describe('a database connection lost under a request', () => {
  let t: TestApp;
  /** Holds the lock in a transaction. */
  let admin: pg.Client;
  /** Watches and ends backends, outside that transaction: pg_stat_activity stays the same within one. */
  let watcher: pg.Client;
  let adminPid = 0;
  let token = '';
  let schoolId = 0;
  let pupilId = 0;
  let uncaught = 0;
  const countUncaught = () => {
    uncaught += 1;
  };

  /** The backends of this database waiting for the test's lock, apart from `seen`. */
  const waitingBackends = (seen: readonly number[] = []) => lockWaiters(watcher, [adminPid, ...seen]);
  const terminate = (pids: readonly number[]) => terminateBackends(watcher, pids);

  const lock = async (table: string) => {
    await admin.query('begin');
    await admin.query(`lock table ${table} in access exclusive mode`);
  };

  beforeAll(async () => {
    process.on('uncaughtExceptionMonitor', countUncaught);
    t = await createTestApp();
    const db = t.database.db;
    const school = await createSchool(db);
    schoolId = school.id;
    const user = await createUser(db);
    await addMember(db, school.id, user.id, { isSchoolSuperuser: true });
    pupilId = (await createPupil(db, { schoolId })).id;
    token = await loginToken(t.app, user.username, TEST_PASSWORD);
    const [current] = await queryRows<{ name: string }>(db, sql`select current_database() as name`);
    const url = databaseUrl(process.env.DATABASE_URL ?? '', current?.name ?? '');
    admin = new pg.Client({ connectionString: url });
    watcher = new pg.Client({ connectionString: url });
    await Promise.all([admin.connect(), watcher.connect()]);
    adminPid = await backendPid(admin);
  });

  afterAll(async () => {
    process.off('uncaughtExceptionMonitor', countUncaught);
    await Promise.all([admin.end(), watcher.end()]);
    await t.close();
  });

  it('answers a write cut off inside its transaction with 503 and Retry-After, stores and mails nothing', async () => {
    const email = 'afgebroken@example.org';
    const invite = () =>
      t.app.inject(
        authed(token, {
          method: 'POST',
          url: api('/person_invitation/'),
          payload: { schoolId, emails: [email] },
        }),
      );
    // The invitation is inserted, then its audit row waits for the lock: the transaction holds a pooled client.
    await lock('audit_log');
    const answer = invite();
    await terminate(await waitingBackends());
    await admin.query('commit');
    const response = await answer;

    expect(response.statusCode).toBe(503);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(response.json()).toEqual({ status: 503, detail: SERVICE_UNAVAILABLE_DETAIL });
    expect(await t.database.db.select().from(invitations).where(eq(invitations.email, email))).toEqual([]);
    expect(t.sentMail).toEqual([]);
    expect(uncaught).toBe(0);

    // The pool dropped the broken client: the same request now goes through, once.
    const again = await invite();
    expect(again.statusCode).toBe(200);
    const [result] = createInvitationsResponseSchema.parse(again.json()).invitations;
    expect(result?.errors).toEqual([]);
    const rows = await t.database.db.select().from(invitations).where(eq(invitations.email, email));
    expect(rows.map((row) => row.id)).toEqual([result?.id]);
    expect(t.sentMail.map((mail) => mail.to)).toEqual([email]);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(result?.id)));
    expect(audits.map((row) => row.action)).toEqual(['invitation.create']);
  });

  it('reads once more on a new connection when a read is cut off, and answers 503 when that is cut off too', async () => {
    const written: number[] = [];
    for (const content of ['Eerste notitie', 'Tweede notitie']) {
      const response = await t.app.inject(
        authed(token, { method: 'POST', url: api('/pupil_note/'), payload: { pupilId, content } }),
      );
      expect(response.statusCode).toBe(201);
      written.push(pupilNoteSchema.parse(response.json()).id);
    }
    const list = () =>
      t.app.inject(authed(token, { method: 'GET', url: api(`/pupil_note/?pupil_id=${pupilId}`) }));

    await lock('pupil_notes');
    const answer = list();
    const first = await waitingBackends();
    await terminate(first);
    const second = await waitingBackends(first);
    await admin.query('commit');
    const response = await answer;
    expect(response.statusCode).toBe(200);
    const ids = pupilNoteListSchema.parse(response.json()).results.map((note) => note.id);
    expect(ids.sort((a, b) => a - b)).toEqual(written);
    expect(second.every((pid) => !first.includes(pid))).toBe(true);

    await lock('pupil_notes');
    const twice = list();
    const once = await waitingBackends();
    await terminate(once);
    await terminate(await waitingBackends(once));
    await admin.query('commit');
    const refused = await twice;
    expect(refused.statusCode).toBe(503);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(uncaught).toBe(0);
    expect((await list()).statusCode).toBe(200);
  });

  it('gets every connection back that was cut off under a transaction, so later requests still find one', async () => {
    const kinds = new Map<string, number>();
    let kills = 0;
    let cutting = true;
    // Ends every backend of the app's pool, again and again, while transactions run on it.
    const cutter = (async () => {
      while (cutting) {
        const { rowCount } = await watcher.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and pid <> $1`,
          [adminPid],
        );
        kills += rowCount ?? 0;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
      }
    })();
    for (let round = 0; round < 300 && kills < 40; round += 1) {
      const outcome = await t.database.db
        .transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          await tx.execute(sql`select 2`);
        })
        .then(
          () => 'committed',
          (error: unknown) => (isDatabaseUnavailable(error) ? 'connection lost' : String(error)),
        );
      kinds.set(outcome, (kinds.get(outcome) ?? 0) + 1);
    }
    cutting = false;
    await cutter;

    expect([...kinds.keys()].sort()).toEqual(['committed', 'connection lost']);
    expect(kills).toBeGreaterThan(0);
    // As many transactions and requests as the pool has connections, at once, and more: none waits in vain.
    const after = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.app.inject(authed(token, { method: 'GET', url: api(`/pupil_note/?pupil_id=${pupilId}`) })),
      ),
    );
    expect(after.map((response) => response.statusCode)).toEqual(after.map(() => 200));
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
    });
    expect(uncaught).toBe(0);
  });
});
