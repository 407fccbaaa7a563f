import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { COLLEAGUE_ERRORS, sencoListSchema, sencoSchema } from '@leerzicht/contract';
import { invitations, schoolMemberships, teacherGroupPermissions } from '../../src/db/schema/index';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import { addMember, createSchool, createUser, createYearClass, permitGroup } from '../helpers/factories';
import { signIn } from '../helpers/sign-in';

const NOW = new Date('2026-11-21T10:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

describe('colleagues: members and open invitations of a school', () => {
  let t: TestApp;
  let ids: { schoolA: number; schoolB: number; openInvitation: number };
  let users: Record<
    'superA' | 'teacher' | 'senco' | 'superB' | 'leaver',
    { id: number; username: string; email: string }
  >;

  const tokens: Record<string, string> = {};
  const tokenOf = async (username: string) => (tokens[username] ??= await signIn(t, username));
  const list = async (as: string, schoolId: number | string = ids.schoolA) =>
    t.app.inject(authed(await tokenOf(as), { method: 'GET', url: api(`/school_sencos/${schoolId}/`) }));
  const remove = async (as: string, payload: object) =>
    t.app.inject(authed(await tokenOf(as), { method: 'POST', url: api('/school_sencos/remove/'), payload }));
  const update = async (as: string, payload: object) =>
    t.app.inject(
      authed(await tokenOf(as), {
        method: 'PATCH',
        url: api('/school_sencos/update_by_senco_id_and_school_id'),
        payload,
      }),
    );
  const membership = (schoolId: number, userId: number) =>
    t.database.db
      .select()
      .from(schoolMemberships)
      .where(and(eq(schoolMemberships.schoolId, schoolId), eq(schoolMemberships.userId, userId)))
      .then((rows) => rows[0] ?? null);

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const db = t.database.db;
    const schoolA = await createSchool(db);
    const schoolB = await createSchool(db);
    const superA = await createUser(db, { firstName: 'Anna', lastName: 'de Vries' });
    const teacher = await createUser(db, { firstName: 'Bram', lastName: 'Aalders' });
    const senco = await createUser(db, { firstName: 'Cees', lastName: 'van Zanten' });
    const superB = await createUser(db);
    const leaver = await createUser(db, { firstName: 'Dirk', lastName: 'Mulder' });
    await addMember(db, schoolA.id, superA.id, { isSchoolSuperuser: true });
    await addMember(db, schoolA.id, teacher.id);
    await addMember(db, schoolA.id, senco.id, { isSenco: true });
    await addMember(db, schoolA.id, leaver.id);
    await addMember(db, schoolB.id, superB.id, { isSchoolSuperuser: true });
    const group = await createYearClass(db, schoolA.id, { name: 'Groep 3', grade: 3, calendarYear: 2026 });
    await permitGroup(db, schoolA.id, leaver.id, group.id);
    const base = { schoolId: schoolA.id, createdAt: NOW, expiresAt: new Date(NOW.getTime() + 14 * DAY) };
    const [open] = await db
      .insert(invitations)
      .values([
        { ...base, email: 'open@example.org', keyHash: 'a'.repeat(64), isSchoolSuperuser: true },
        {
          ...base,
          email: 'verlopen@example.org',
          keyHash: 'b'.repeat(64),
          expiresAt: new Date(NOW.getTime() - DAY),
        },
        { ...base, email: 'geaccepteerd@example.org', keyHash: 'c'.repeat(64), acceptedAt: NOW },
      ])
      .returning();
    if (!open) throw new Error('invitation not stored');
    ids = { schoolA: schoolA.id, schoolB: schoolB.id, openInvitation: open.id };
    users = { superA, teacher, senco, superB, leaver };
  });

  afterAll(() => t.close());

  it('refuses every call without a session (401)', async () => {
    const calls = [
      { method: 'GET' as const, url: api(`/school_sencos/${ids.schoolA}/`) },
      {
        method: 'POST' as const,
        url: api('/school_sencos/remove/'),
        payload: { schoolId: ids.schoolA, sencoId: 1 },
      },
      {
        method: 'PATCH' as const,
        url: api('/school_sencos/update_by_senco_id_and_school_id'),
        payload: { schoolId: ids.schoolA, sencoId: 1, isSchoolSuperuser: true },
      },
    ];
    for (const call of calls) expect((await t.app.inject(call)).statusCode).toBe(401);
  });

  it('lists members by surname, then open invitations (not expired or accepted ones)', async () => {
    const response = await list(users.superA.username);
    expect(response.statusCode).toBe(200);
    const rows = sencoListSchema.parse(response.json());
    expect(rows.map((row) => [row.fullName || row.email, row.sencoId, row.isInvitation])).toEqual([
      ['Bram Aalders', users.teacher.id, false],
      ['Dirk Mulder', users.leaver.id, false],
      ['Anna de Vries', users.superA.id, false],
      ['Cees van Zanten', users.senco.id, false],
      ['open@example.org', null, true],
    ]);
    expect(rows[2]).toMatchObject({ isSchoolSuperuser: true, isSenco: false, email: users.superA.email });
    expect(rows[3]).toMatchObject({ isSchoolSuperuser: false, isSenco: true });
    expect(rows[4]).toMatchObject({ id: ids.openInvitation, isSchoolSuperuser: true });
  });

  it('lets sencos read the list; teachers get 403, another school 404', async () => {
    expect((await list(users.senco.username)).statusCode).toBe(200);
    expect((await list(users.teacher.username)).statusCode).toBe(403);
    expect((await list(users.superB.username)).statusCode).toBe(404);
    expect((await list(users.superA.username, 999_999)).statusCode).toBe(404);
    expect((await list(users.superA.username, 'x')).statusCode).toBe(400);
  });

  it('updates the superuser and senco flags (superusers of that school only)', async () => {
    const payload = {
      schoolId: ids.schoolA,
      sencoId: users.teacher.id,
      isSchoolSuperuser: true,
      isSenco: true,
    };
    expect((await update(users.teacher.username, payload)).statusCode).toBe(403);
    expect((await update(users.senco.username, payload)).statusCode).toBe(403);
    expect((await update(users.superB.username, payload)).statusCode).toBe(404);
    expect((await update(users.superA.username, { ...payload, sencoId: users.superB.id })).statusCode).toBe(
      404,
    );
    const bad = await update(users.superA.username, { schoolId: ids.schoolA, sencoId: users.teacher.id });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: { isSchoolSuperuser: [expect.any(String)] } });
    expect(await membership(ids.schoolA, users.teacher.id)).toMatchObject({
      isSchoolSuperuser: false,
      isSenco: false,
    });

    const ok = await update(users.superA.username, payload);
    expect(ok.statusCode).toBe(200);
    expect(sencoSchema.parse(ok.json())).toMatchObject({
      sencoId: users.teacher.id,
      isSchoolSuperuser: true,
      isSenco: true,
      isInvitation: false,
      fullName: 'Bram Aalders',
    });
    // isSenco left out keeps it.
    const back = await update(users.superA.username, {
      ...payload,
      isSchoolSuperuser: false,
      isSenco: undefined,
    });
    expect(back.json()).toMatchObject({ isSchoolSuperuser: false, isSenco: true });
  });

  it('never demotes or removes the last superuser', async () => {
    const demote = await update(users.superA.username, {
      schoolId: ids.schoolA,
      sencoId: users.superA.id,
      isSchoolSuperuser: false,
    });
    expect(demote.statusCode).toBe(400);
    expect(demote.json()).toMatchObject({ detail: COLLEAGUE_ERRORS.lastSuperuser });
    const removed = await remove(users.superA.username, { schoolId: ids.schoolA, sencoId: users.superA.id });
    expect(removed.statusCode).toBe(400);
    expect(removed.json()).toMatchObject({ detail: COLLEAGUE_ERRORS.lastSuperuser });
    expect(await membership(ids.schoolA, users.superA.id)).toMatchObject({ isSchoolSuperuser: true });
  });

  it('removes a colleague with their group permissions (superusers of that school only)', async () => {
    const payload = { schoolId: ids.schoolA, sencoId: users.leaver.id };
    const leaverToken = await tokenOf(users.leaver.username);
    const school = () =>
      t.app.inject(authed(leaverToken, { method: 'GET', url: api(`/schools/${ids.schoolA}/`) }));
    expect((await school()).statusCode).toBe(200);
    expect((await remove(users.teacher.username, payload)).statusCode).toBe(403);
    expect((await remove(users.superB.username, payload)).statusCode).toBe(404);
    expect((await remove(users.superA.username, { schoolId: ids.schoolA })).statusCode).toBe(400);
    expect((await remove(users.superA.username, { ...payload, sencoId: users.superB.id })).statusCode).toBe(
      404,
    );
    expect(await membership(ids.schoolA, users.leaver.id)).not.toBeNull();

    const ok = await remove(users.superA.username, payload);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ sencoId: users.leaver.id });
    expect(await membership(ids.schoolA, users.leaver.id)).toBeNull();
    expect(
      await t.database.db.$count(
        teacherGroupPermissions,
        eq(teacherGroupPermissions.userId, users.leaver.id),
      ),
    ).toBe(0);
    // The removed colleague no longer reaches the school, not even with a session from before.
    expect((await school()).statusCode).toBe(404);
  });

  it('lets a superuser step down or leave once another superuser exists', async () => {
    const promote = await update(users.superA.username, {
      schoolId: ids.schoolA,
      sencoId: users.senco.id,
      isSchoolSuperuser: true,
    });
    expect(promote.statusCode).toBe(200);
    const stepDown = await update(users.superA.username, {
      schoolId: ids.schoolA,
      sencoId: users.superA.id,
      isSchoolSuperuser: false,
    });
    expect(stepDown.statusCode).toBe(200);
    // Now the senco is the last superuser and cannot leave.
    const leave = await remove(users.senco.username, { schoolId: ids.schoolA, sencoId: users.senco.id });
    expect(leave.statusCode).toBe(400);
    expect(await membership(ids.schoolA, users.senco.id)).toMatchObject({ isSchoolSuperuser: true });
  });
});
