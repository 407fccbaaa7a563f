import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileSchema } from '@leerzicht/contract';
import { auditLog, sessions } from '../../src/db/schema/index';
import { api, authed, createTestApp, loginToken, type TestApp } from '../helpers/app';
import { createMember } from '../helpers/auth';
import { TEST_PASSWORD, addMember, createSchool, createUser } from '../helpers/factories';

const PROVIDER_DOMAIN = 'leerzicht.example';

describe('POST /impersonate/', () => {
  let t: TestApp;
  let staffToken: string;
  let staffId: number;
  let teacher: { id: number; username: string };
  let schoolId: number;
  let otherSchoolId: number;

  const impersonate = (token: string, payload: object) =>
    t.app.inject(authed(token, { method: 'POST', url: api('/impersonate/'), payload }));

  beforeAll(async () => {
    t = await createTestApp({ env: { PROVIDER_DOMAIN } });
    const db = t.database.db;
    // Staff belong to their own (paying) school only, not to the school they look into.
    const staff = await createMember(db, { email: `support-${Date.now()}@${PROVIDER_DOMAIN}` });
    staffId = staff.user.id;
    staffToken = await loginToken(t.app, staff.user.username, TEST_PASSWORD);
    const school = await createSchool(db);
    const other = await createSchool(db);
    const user = await createUser(db, { firstName: 'Juf', lastName: 'Anna' });
    await addMember(db, school.id, user.id);
    teacher = user;
    schoolId = school.id;
    otherSchoolId = other.id;
  });
  afterAll(() => t.close());

  it('opens an impersonated session for a member of the school and audits it', async () => {
    const response = await impersonate(staffToken, { userId: teacher.id, schoolId });
    expect(response.statusCode).toBe(200);
    const { token } = response.json() as { token: string };

    const profile = profileSchema.parse(
      (await t.app.inject(authed(token, { method: 'GET', url: api('/profile/') }))).json(),
    );
    expect(profile).toMatchObject({ id: teacher.id, username: teacher.username, isImpersonated: true });
    const school = await t.app.inject(authed(token, { method: 'GET', url: api(`/schools/${schoolId}/`) }));
    expect(school.statusCode).toBe(200);

    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.impersonatorId, staffId));
    expect(session).toMatchObject({ userId: teacher.id, rememberMe: false });

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'impersonation.start'));
    expect(entry).toMatchObject({
      schoolId,
      actorUserId: staffId,
      entity: 'user',
      entityId: String(teacher.id),
    });
    expect(JSON.stringify(entry?.details)).not.toMatch(/Anna|@/);
  });

  it('refuses users outside the provider domain (403)', async () => {
    const { user } = await createMember(t.database.db, { email: `someone@not-${PROVIDER_DOMAIN}` });
    const token = await loginToken(t.app, user.username, TEST_PASSWORD);
    const response = await impersonate(token, { userId: teacher.id, schoolId });
    expect(response.statusCode).toBe(403);
  });

  it('answers 404 when the target is not a member of that school or does not exist', async () => {
    expect((await impersonate(staffToken, { userId: teacher.id, schoolId: otherSchoolId })).statusCode).toBe(
      404,
    );
    expect((await impersonate(staffToken, { userId: 999_999, schoolId })).statusCode).toBe(404);
  });

  it('gives per-field errors for bad input and refuses impersonating oneself', async () => {
    const bad = await impersonate(staffToken, { userId: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys((bad.json() as { errors: object }).errors).sort()).toEqual(['schoolId', 'userId']);
    const self = await impersonate(staffToken, { userId: staffId, schoolId });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ errors: { userId: [expect.any(String)] } });
  });

  it('does not let an impersonated session impersonate again', async () => {
    const { token } = (await impersonate(staffToken, { userId: teacher.id, schoolId })).json() as {
      token: string;
    };
    const nested = await impersonate(token, { userId: teacher.id, schoolId });
    expect(nested.statusCode).toBe(403);
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: api('/impersonate/'),
      payload: { userId: teacher.id, schoolId },
    });
    expect(response.statusCode).toBe(401);
  });
});
