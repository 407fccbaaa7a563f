import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { schoolConnectionSchema } from '@leerzicht/contract';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import { addMember, createSchool, createUser } from '../helpers/factories';
import { signIn } from '../helpers/sign-in';
import { auditLog, schools } from '../../src/db/schema/index';

const NOW = new Date('2026-03-01T10:00:00Z');
const PROVIDER_DOMAIN = 'leerzicht.example';

const ROLES = [
  'superuser',
  'senco',
  'teacher',
  'staffSuperuser',
  'staffMember',
  'staffOutsider',
  'outsider',
  'demo',
  'impersonated',
] as const;
type Role = (typeof ROLES)[number];

describe('the link to the school information system', () => {
  let t: TestApp;
  let schoolId: number;
  let otherId: number;
  const users: Partial<Record<Role, { id: number; firstName: string; lastName: string }>> = {};
  const tokens: Partial<Record<Role, string>> = {};
  const url = (id = schoolId) => `/schools/${id}/connection/`;
  const get = (who: Role, id = schoolId) =>
    t.app.inject(authed(tokens[who] ?? '', { method: 'GET', url: api(url(id)) }));
  const put = (who: Role, payload: object, id = schoolId) =>
    t.app.inject(authed(tokens[who] ?? '', { method: 'PUT', url: api(url(id)), payload }));
  const schoolRow = async (id = schoolId) => {
    const [row] = await t.database.db.select().from(schools).where(eq(schools.id, id));
    if (!row) throw new Error('school gone');
    return row;
  };
  const setActive = (active: boolean) =>
    t.database.db
      .update(schools)
      .set({ isConnectionActive: active, connectionChangedById: null, connectionChangedAt: null })
      .where(eq(schools.id, schoolId));
  const audits = (action: string) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.schoolId, schoolId)));

  beforeAll(async () => {
    t = await createTestApp({ now: NOW, env: { PROVIDER_DOMAIN } });
    const db = t.database.db;
    schoolId = (await createSchool(db, { name: 'Koppelschool' })).id;
    otherId = (await createSchool(db, { name: 'Andere school' })).id;
    const staffEmail = () => `staff-${randomBytes(4).toString('hex')}@${PROVIDER_DOMAIN}`;
    const made = {
      superuser: await createUser(db, { firstName: 'Dirk', lastName: 'Directeur' }),
      senco: await createUser(db, { firstName: 'Ilse', lastName: 'Begeleider' }),
      teacher: await createUser(db, { firstName: 'Tom', lastName: 'Leerkracht' }),
      staffSuperuser: await createUser(db, {
        firstName: 'Bea',
        lastName: 'Beheer',
        email: staffEmail(),
        isProviderStaff: true,
      }),
      staffMember: await createUser(db, {
        firstName: 'Sam',
        lastName: 'Support',
        email: staffEmail(),
        isProviderStaff: true,
      }),
      staffOutsider: await createUser(db, { email: staffEmail(), isProviderStaff: true }),
      outsider: await createUser(db),
      demo: await createUser(db, { isDemo: true }),
    };
    await addMember(db, schoolId, made.superuser.id, { isSchoolSuperuser: true });
    await addMember(db, schoolId, made.senco.id, { isSenco: true });
    await addMember(db, schoolId, made.teacher.id);
    await addMember(db, schoolId, made.staffSuperuser.id, { isSchoolSuperuser: true });
    await addMember(db, schoolId, made.staffMember.id);
    await addMember(db, otherId, made.staffOutsider.id, { isSchoolSuperuser: true });
    await addMember(db, otherId, made.outsider.id, { isSchoolSuperuser: true });
    await addMember(db, schoolId, made.demo.id, { isSchoolSuperuser: true });
    for (const [role, user] of Object.entries(made)) {
      users[role as Exclude<Role, 'impersonated'>] = user;
      tokens[role as Exclude<Role, 'impersonated'>] = await signIn(t, user);
    }
    const started = await t.app.inject(
      authed(tokens.staffSuperuser ?? '', {
        method: 'POST',
        url: api('/impersonate/'),
        payload: { userId: made.superuser.id, schoolId, reason: 'Ticket 9: koppeling' },
      }),
    );
    expect(started.statusCode).toBe(200);
    tokens.impersonated = started.json<{ token: string }>().token;
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('is read by superusers and provider staff of the school; others 403, another school 404, no session 401', async () => {
    await setActive(true);
    const expected: Record<Role, number> = {
      superuser: 200,
      staffSuperuser: 200,
      staffMember: 200,
      demo: 200,
      impersonated: 200,
      senco: 403,
      teacher: 403,
      staffOutsider: 404,
      outsider: 404,
    };
    for (const role of ROLES) expect((await get(role)).statusCode, role).toBe(expected[role]);
    expect((await t.app.inject({ method: 'GET', url: api(url()) })).statusCode).toBe(401);
    const body = schoolConnectionSchema.parse((await get('superuser')).json());
    expect(body).toEqual({ schoolId, isConnectionActive: true, changedBy: null, changedAt: null });
    expect((await get('superuser', 999_999)).statusCode).toBe(404);
  });

  it('a superuser deactivates: the school row, who and when, the audit and the school endpoint follow', async () => {
    await setActive(true);
    const auditsBefore = (await audits('school_connection.deactivate')).length;
    const response = await put('superuser', { isConnectionActive: false });
    expect(response.statusCode).toBe(200);
    const superuser = users.superuser;
    if (!superuser) throw new Error('fixture');
    const expected = {
      schoolId,
      isConnectionActive: false,
      changedBy: `${superuser.firstName} ${superuser.lastName}`,
      changedAt: NOW.toISOString(),
    };
    expect(response.json()).toEqual(expected);
    const row = await schoolRow();
    expect(row.isConnectionActive).toBe(false);
    expect(row.connectionChangedById).toBe(superuser.id);
    expect(row.connectionChangedAt?.toISOString()).toBe(NOW.toISOString());
    expect((await get('staffMember')).json()).toEqual(expected);
    const entries = await audits('school_connection.deactivate');
    expect(entries.length).toBe(auditsBefore + 1);
    expect(entries.at(-1)).toMatchObject({
      actorUserId: superuser.id,
      entity: 'school',
      entityId: String(schoolId),
    });
    const school = await t.app.inject(
      authed(tokens.teacher ?? '', { method: 'GET', url: api(`/schools/${schoolId}/`) }),
    );
    expect(school.json<{ isConnectionActive: boolean }>().isConnectionActive).toBe(false);
  });

  it('only provider staff reactivate: a superuser gets 403 and nothing changes', async () => {
    await setActive(false);
    const before = await schoolRow();
    const refused = await put('superuser', { isConnectionActive: true });
    expect(refused.statusCode).toBe(403);
    expect(await schoolRow()).toEqual(before);
    for (const role of ['staffMember', 'staffSuperuser'] as const) {
      await setActive(false);
      const response = await put(role, { isConnectionActive: true });
      expect(response.statusCode, role).toBe(200);
      const row = await schoolRow();
      expect(row.isConnectionActive, role).toBe(true);
      expect(row.connectionChangedById, role).toBe(users[role]?.id);
    }
    expect((await audits('school_connection.activate')).length).toBe(2);
  });

  it('provider staff who are plain members may deactivate too', async () => {
    await setActive(true);
    expect((await put('staffMember', { isConnectionActive: false })).statusCode).toBe(200);
    expect((await schoolRow()).connectionChangedById).toBe(users.staffMember?.id);
  });

  it('refuses everyone else and changes no row', async () => {
    const cases: [Role, boolean, number][] = [
      ['senco', false, 403],
      ['teacher', false, 403],
      ['senco', true, 403],
      ['teacher', true, 403],
      ['outsider', false, 404],
      ['staffOutsider', false, 404],
      ['staffOutsider', true, 404],
      ['demo', false, 403],
      ['impersonated', false, 403],
      ['impersonated', true, 403],
    ];
    for (const active of [true, false]) {
      await setActive(active);
      const before = await schoolRow();
      const other = await schoolRow(otherId);
      for (const [role, wanted, status] of cases) {
        if (wanted === active) continue;
        const response = await put(role, { isConnectionActive: wanted });
        expect(response.statusCode, `${role} -> ${String(wanted)}`).toBe(status);
      }
      expect(await schoolRow()).toEqual(before);
      expect(await schoolRow(otherId)).toEqual(other);
    }
    expect(
      (await t.app.inject({ method: 'PUT', url: api(url()), payload: { isConnectionActive: false } }))
        .statusCode,
    ).toBe(401);
  });

  it('answers 400 per field for bad input and changes nothing', async () => {
    await setActive(true);
    const before = await schoolRow();
    for (const payload of [{}, { isConnectionActive: 'no' }, { isConnectionActive: null }]) {
      const response = await put('staffSuperuser', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json<{ errors: object }>().errors)).toEqual(['isConnectionActive']);
    }
    expect(await schoolRow()).toEqual(before);
  });

  it('asking for the state the link has changes nothing and keeps who and when', async () => {
    await setActive(true);
    expect((await put('superuser', { isConnectionActive: false })).statusCode).toBe(200);
    const after = await schoolRow();
    const auditsBefore = (await audits('school_connection.deactivate')).length;
    t.clock.now = new Date(NOW.getTime() + 60_000);
    try {
      const again = await put('staffMember', { isConnectionActive: false });
      expect(again.statusCode).toBe(200);
      expect(await schoolRow()).toEqual(after);
      expect((await audits('school_connection.deactivate')).length).toBe(auditsBefore);
    } finally {
      t.clock.now = NOW;
    }
  });
});
