import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPERSONATION_MINUTES, profileSchema } from '@leerzicht/contract';
import { auditLog, sessions, users } from '../../src/db/schema/index';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import { confirmPassword, createMember } from '../helpers/auth';
import { TEST_PASSWORD, addMember, createSchool, createUser } from '../helpers/factories';
import { signIn } from '../helpers/sign-in';

const PROVIDER_DOMAIN = 'leerzicht.example';
const NOW = new Date('2026-11-21T10:00:00Z');
const REASON = 'Ticket 4711: de groepsresultaten laden niet';
const MINUTE = 60_000;

describe('POST /impersonate/ and the provider-staff role', () => {
  let t: TestApp;
  let staffId: number;
  let staffToken: string;
  let teacher: { id: number; username: string };
  let schoolId: number;
  let secondSchoolId: number;
  let otherSchoolId: number;

  const impersonate = (token: string, payload: object) =>
    t.app.inject(authed(token, { method: 'POST', url: api('/impersonate/'), payload }));
  const get = (token: string, path: string) => t.app.inject(authed(token, { method: 'GET', url: api(path) }));
  const setStaff = (token: string, userId: number, isProviderStaff: boolean) =>
    t.app.inject(
      authed(token, {
        method: 'PUT',
        url: api(`/provider_staff/${userId}/`),
        payload: { isProviderStaff },
      }),
    );
  /** A fresh provider staff member (own school only) and a signed-in token. */
  const newStaff = async () => {
    const staff = await createMember(t.database.db, {
      email: `support-${Math.random().toString(36).slice(2)}@${PROVIDER_DOMAIN}`,
      isProviderStaff: true,
    });
    return { id: staff.user.id, token: await signIn(t, staff.user) };
  };
  const startAs = async (token: string) => {
    const response = await impersonate(token, { userId: teacher.id, schoolId, reason: REASON });
    expect(response.statusCode).toBe(200);
    return (response.json() as { token: string }).token;
  };

  beforeAll(async () => {
    t = await createTestApp({ now: NOW, env: { PROVIDER_DOMAIN } });
    const db = t.database.db;
    ({ id: staffId, token: staffToken } = await newStaff());
    const school = await createSchool(db);
    const second = await createSchool(db);
    const other = await createSchool(db);
    const user = await createUser(db, { firstName: 'Juf', lastName: 'Anna' });
    // The teacher belongs to two schools; an impersonation names one.
    await addMember(db, school.id, user.id);
    await addMember(db, second.id, user.id);
    teacher = user;
    schoolId = school.id;
    secondSchoolId = second.id;
    otherSchoolId = other.id;
  });
  afterAll(() => t.close());

  it('opens a read-only session for a member of the school and audits who, whom and why', async () => {
    const token = await startAs(staffToken);
    const profile = profileSchema.parse((await get(token, '/profile/')).json());
    expect(profile).toMatchObject({ id: teacher.id, username: teacher.username, isImpersonated: true });
    expect(profile.isProviderStaff).toBe(false);
    expect((await get(token, `/schools/${schoolId}/`)).statusCode).toBe(200);

    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.impersonatorId, staffId));
    expect(session).toMatchObject({ userId: teacher.id, rememberMe: false, impersonatedSchoolId: schoolId });
    expect(session?.expiresAt.getTime()).toBe(NOW.getTime() + IMPERSONATION_MINUTES * MINUTE);

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'impersonation.start'));
    expect(entry).toMatchObject({
      schoolId,
      actorUserId: staffId,
      impersonatorId: staffId,
      entity: 'user',
      entityId: String(teacher.id),
      details: { reason: REASON },
    });
    expect(entry?.createdAt.getTime()).toBe(NOW.getTime());
  });

  it('reads only the school it was started for, even when the user belongs to others', async () => {
    const token = await startAs(staffToken);
    expect((await get(token, `/schools/${secondSchoolId}/`)).statusCode).toBe(404);
    const profile = profileSchema.parse((await get(token, '/profile/')).json());
    expect(profile.schools.map((school) => school.id)).toEqual([schoolId]);
    // The teacher's own session still sees both.
    const own = await signIn(t, teacher);
    const ownProfile = profileSchema.parse((await get(own, '/profile/')).json());
    expect(ownProfile.schools.map((school) => school.id).sort()).toEqual([schoolId, secondSchoolId].sort());
  });

  it('requires a support reason', async () => {
    const missing = await impersonate(staffToken, { userId: teacher.id, schoolId });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ errors: { reason: [expect.any(String)] } });
    const short = await impersonate(staffToken, { userId: teacher.id, schoolId, reason: 'kijken' });
    expect(short.statusCode).toBe(400);
  });

  it('ends after the time limit', async () => {
    const token = await startAs(staffToken);
    const saved = t.clock.now;
    try {
      // Kept active every 20 minutes (the idle limit is 30), it still ends at the impersonation limit.
      for (let minutes = 20; minutes < IMPERSONATION_MINUTES; minutes += 20) {
        t.clock.now = new Date(NOW.getTime() + minutes * MINUTE);
        expect((await get(token, '/profile/')).statusCode).toBe(200);
        expect((await get(staffToken, '/profile/')).statusCode).toBe(200);
      }
      t.clock.now = new Date(NOW.getTime() + IMPERSONATION_MINUTES * MINUTE + 1_000);
      expect((await get(staffToken, '/profile/')).statusCode).toBe(200);
      expect((await get(token, '/profile/')).statusCode).toBe(401);
    } finally {
      t.clock.now = saved;
    }
  });

  it('ends when the staff member logs out', async () => {
    const staff = await newStaff();
    const token = await startAs(staff.token);
    expect((await get(token, '/profile/')).statusCode).toBe(200);
    const logout = await t.app.inject(authed(staff.token, { method: 'POST', url: api('/logout/') }));
    expect(logout.statusCode).toBeLessThan(300);
    expect((await get(token, '/profile/')).statusCode).toBe(401);
  });

  it('ends when the staff member changes password, including one started from the kept session', async () => {
    const staff = await newStaff();
    const token = await startAs(staff.token);
    const change = await t.app.inject(
      authed(staff.token, {
        method: 'POST',
        url: api('/rest-auth/password/change/'),
        payload: {
          oldPassword: TEST_PASSWORD,
          newPassword1: 'een heel nieuw wachtwoord',
          newPassword2: 'een heel nieuw wachtwoord',
        },
      }),
    );
    expect(change.statusCode).toBe(200);
    expect((await get(staff.token, '/profile/')).statusCode).toBe(200);
    expect((await get(token, '/profile/')).statusCode).toBe(401);
  });

  it('ends when the staff role is taken away, and only staff grant or take the role', async () => {
    const staff = await newStaff();
    const token = await startAs(staff.token);
    const { user: outsider } = await createMember(t.database.db);
    const outsiderToken = await signIn(t, outsider);
    expect((await setStaff(outsiderToken, staff.id, false)).statusCode).toBe(403);
    expect((await get(token, '/profile/')).statusCode).toBe(200);

    const revoke = await setStaff(staffToken, staff.id, false);
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json()).toEqual({ userId: staff.id, isProviderStaff: false });
    expect((await get(token, '/profile/')).statusCode).toBe(401);
    // No longer staff: cannot start another.
    const again = await impersonate(staff.token, { userId: teacher.id, schoolId, reason: REASON });
    expect(again.statusCode).toBe(403);

    // Only addresses in the provider's domain can receive the role.
    const refused = await setStaff(staffToken, outsider.id, true);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errors: { isProviderStaff: [expect.any(String)] } });
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, outsider.id));
    expect(stored?.isProviderStaff).toBe(false);
    expect((await setStaff(staffToken, staff.id, true)).statusCode).toBe(200);
    expect(
      (await impersonate(staff.token, { userId: teacher.id, schoolId, reason: REASON })).statusCode,
    ).toBe(200);
  });

  it('does not let staff impersonate other staff', async () => {
    const staff = await newStaff();
    await addMember(t.database.db, schoolId, staff.id);
    const response = await impersonate(staffToken, { userId: staff.id, schoolId, reason: REASON });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: { userId: [expect.any(String)] } });
  });

  it('refuses an address in the provider domain without the role (403)', async () => {
    const { user } = await createMember(t.database.db, { email: `iemand-${Date.now()}@${PROVIDER_DOMAIN}` });
    const token = await signIn(t, user);
    expect((await impersonate(token, { userId: teacher.id, schoolId, reason: REASON })).statusCode).toBe(403);
    expect(profileSchema.parse((await get(token, '/profile/')).json()).isProviderStaff).toBe(false);
  });

  it("cannot be reached by setting one's own address to the provider domain", async () => {
    // The attack of the security report: confirm the password, set an address in the provider domain, impersonate.
    const { user } = await createMember(t.database.db);
    const token = await signIn(t, user);
    await confirmPassword(t.app, token);
    const patch = await t.app.inject(
      authed(token, {
        method: 'PATCH',
        url: api('/rest-auth/user/'),
        payload: { email: `${user.username}@${PROVIDER_DOMAIN}` },
      }),
    );
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toMatchObject({ email: user.email, isProviderStaff: false });
    const response = await impersonate(token, {
      userId: teacher.id,
      schoolId: otherSchoolId,
      reason: REASON,
    });
    expect(response.statusCode).toBe(403);
    expect(
      await t.database.db.select().from(sessions).where(eq(sessions.userId, teacher.id)),
    ).not.toContainEqual(expect.objectContaining({ impersonatorId: user.id }));
  });

  it('answers 404 when the target is not a member of that school or does not exist', async () => {
    expect(
      (await impersonate(staffToken, { userId: teacher.id, schoolId: otherSchoolId, reason: REASON }))
        .statusCode,
    ).toBe(404);
    expect((await impersonate(staffToken, { userId: 999_999, schoolId, reason: REASON })).statusCode).toBe(
      404,
    );
  });

  it('gives per-field errors for bad input and refuses impersonating oneself', async () => {
    const bad = await impersonate(staffToken, { userId: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys((bad.json() as { errors: object }).errors).sort()).toEqual([
      'reason',
      'schoolId',
      'userId',
    ]);
    const self = await impersonate(staffToken, { userId: staffId, schoolId, reason: REASON });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ errors: { userId: [expect.any(String)] } });
  });

  it('does not let an impersonated session impersonate again', async () => {
    const token = await startAs(staffToken);
    const nested = await impersonate(token, { userId: teacher.id, schoolId, reason: REASON });
    expect(nested.statusCode).toBe(403);
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: api('/impersonate/'),
      payload: { userId: teacher.id, schoolId, reason: REASON },
    });
    expect(response.statusCode).toBe(401);
  });
});
