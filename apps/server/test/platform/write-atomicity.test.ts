import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_UNAVAILABLE_DETAIL, pupilNoteSchema } from '@leerzicht/contract';
import { auditLog, pupilNotes, teacherGroupPermissions } from '../../src/db/schema/index';
import { api, authed, createTestApp, loginToken, type TestApp } from '../helpers/app';
import {
  TEST_PASSWORD,
  addMember,
  createPupil,
  createSchool,
  createUser,
  createYearClass,
} from '../helpers/factories';
import { queryRows } from '../helpers/query';
import { backendPid, lockWaiters, terminateBackends } from '../helpers/backends';
import { databaseUrl } from '../helpers/template-db';

/**
 * A write whose request loses its database connection after its first write statement, on a later statement
 * (its audit row, or the read of the changed object for the answer), answers 503 and leaves the first write
 * undone: the answer and the rows agree (issue 30, item 1). The later statement is held by a lock this test
 * takes, and its backend ended while it waits, as a restart or failover does. PostgreSQL only (vitest.config.ts).
 */
describe('a write cut off after its first statement', () => {
  let t: TestApp;
  /** Hold locks in transactions of their own. */
  let holder: pg.Client;
  let second: pg.Client;
  /** Watches and ends backends, outside those transactions: pg_stat_activity stays the same within one. */
  let watcher: pg.Client;
  const ownPids: number[] = [];
  let token = '';
  let schoolId = 0;
  let pupilId = 0;

  /** The backends of this database, not the test's own, waiting for a lock. */
  const waitingBackends = () => lockWaiters(watcher, ownPids);

  /** The backends waiting for a lock on `table` (not a row's lock). */
  async function waitingOn(table: string): Promise<number[]> {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const { rows } = await watcher.query<{ pid: number }>(
        `select pid from pg_locks where not granted and relation = $1::regclass`,
        [table],
      );
      if (rows.length > 0) return rows.map((row) => row.pid);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no request waited for ${table}`);
  }

  const terminate = (pids: readonly number[]) => terminateBackends(watcher, pids);

  beforeAll(async () => {
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
    holder = new pg.Client({ connectionString: url });
    second = new pg.Client({ connectionString: url });
    watcher = new pg.Client({ connectionString: url });
    await Promise.all([holder.connect(), second.connect(), watcher.connect()]);
    for (const client of [holder, second, watcher]) {
      ownPids.push(await backendPid(client));
    }
  });

  afterAll(async () => {
    await Promise.all([holder.end(), second.end(), watcher.end()]);
    await t.close();
  });

  it('leaves a pupil note unchanged when the read of the note for the answer is cut off', async () => {
    const created = await t.app.inject(
      authed(token, { method: 'POST', url: api('/pupil_note/'), payload: { pupilId, content: 'Voor' } }),
    );
    expect(created.statusCode).toBe(201);
    const noteId = pupilNoteSchema.parse(created.json()).id;

    // The update waits for the note's row; meanwhile `users`, which only the read for the answer needs (it
    // names the author), is locked too. Then the row is let go: the update runs, and the read waits.
    await holder.query('begin');
    await holder.query('select id from pupil_notes where id = $1 for update', [noteId]);
    const answer = t.app.inject(
      authed(token, { method: 'PATCH', url: api(`/pupil_note/${noteId}/`), payload: { content: 'Na' } }),
    );
    await waitingBackends();
    await second.query('begin');
    await second.query('lock table users in access exclusive mode');
    await holder.query('commit');
    await terminate(await waitingOn('users'));
    await second.query('commit');
    const response = await answer;

    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 503, detail: SERVICE_UNAVAILABLE_DETAIL });
    const [note] = await t.database.db.select().from(pupilNotes).where(eq(pupilNotes.id, noteId));
    expect(note?.content).toBe('Voor');
  });

  it('grants no group permission when its audit row is cut off', async () => {
    const teacher = await createUser(t.database.db);
    await addMember(t.database.db, schoolId, teacher.id);
    const group = await createYearClass(t.database.db, { schoolId });

    // The permission is inserted, then its audit row waits for the lock.
    await holder.query('begin');
    await holder.query('lock table audit_log in access exclusive mode');
    const answer = t.app.inject(
      authed(token, {
        method: 'POST',
        url: api('/school_permissions/add/'),
        payload: { schoolId, userId: teacher.id, groupIds: [group.id] },
      }),
    );
    await terminate(await waitingOn('audit_log'));
    await holder.query('commit');
    const response = await answer;

    expect(response.statusCode).toBe(503);
    const granted = await t.database.db
      .select()
      .from(teacherGroupPermissions)
      .where(
        and(eq(teacherGroupPermissions.schoolId, schoolId), eq(teacherGroupPermissions.userId, teacher.id)),
      );
    expect(granted).toEqual([]);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'permission.add'), eq(auditLog.entityId, String(teacher.id))));
    expect(audits).toEqual([]);
  });
});
