import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import { confirmPassword, createMember } from '../helpers/auth';
import { TEST_PASSWORD, addMember, createSchool, createUser } from '../helpers/factories';
import { signIn } from '../helpers/sign-in';

const PROVIDER_DOMAIN = 'leerzicht.example';
const NOW = new Date('2026-11-21T10:00:00Z');
const APP_URL = 'http://leerzicht.test';
const EMAIL_LINK = /http:\/\/leerzicht\.test\/accounts\/email\/confirm\/([\w-]+)\//;
const REASON = 'Ticket 4712: het leerlingoverzicht laadt niet';

/*
 * An impersonation is valid only while its staff member is staff at that moment, by the rule that let it start
 * (platform/provider-staff.ts, isActiveProviderStaff), checked on every request. Each way of losing the status
 * ends the impersonated session at its next request. Role and deactivation are changed in the database here, as
 * the server's command line or an administrator would, so that nothing but the per-request rule can end it.
 */
describe('an impersonation ends as soon as its staff member stops being staff', () => {
  let t: TestApp;
  let teacherId: number;
  let schoolId: number;

  const get = (token: string, path: string) => t.app.inject(authed(token, { method: 'GET', url: api(path) }));
  const setUser = (id: number, values: Partial<typeof users.$inferInsert>) =>
    t.database.db.update(users).set(values).where(eq(users.id, id));

  /** A fresh staff member, signed in, with an impersonation of the teacher that answers now. */
  async function impersonating() {
    const { user } = await createMember(t.database.db, {
      email: `support-${Math.random().toString(36).slice(2)}@${PROVIDER_DOMAIN}`,
      isProviderStaff: true,
    });
    const staffToken = await signIn(t, user);
    const response = await t.app.inject(
      authed(staffToken, {
        method: 'POST',
        url: api('/impersonate/'),
        payload: { userId: teacherId, schoolId, reason: REASON },
      }),
    );
    expect(response.statusCode).toBe(200);
    const token = (response.json() as { token: string }).token;
    expect((await get(token, `/schools/${schoolId}/`)).statusCode).toBe(200);
    return { staff: user, staffToken, token };
  }

  beforeAll(async () => {
    t = await createTestApp({ now: NOW, env: { PROVIDER_DOMAIN, APP_URL } });
    const school = await createSchool(t.database.db);
    const teacher = await createUser(t.database.db);
    await addMember(t.database.db, school.id, teacher.id);
    teacherId = teacher.id;
    schoolId = school.id;
  });
  afterAll(() => t.close());

  it('ends when the role is taken off the account', async () => {
    const { staff, staffToken, token } = await impersonating();
    await setUser(staff.id, { isProviderStaff: false });
    expect((await get(token, `/schools/${schoolId}/`)).statusCode).toBe(401);
    // The staff member's own session goes on; only the impersonation ends.
    expect((await get(staffToken, '/profile/')).statusCode).toBe(200);
  });

  it('ends when the e-mail address moves to another domain through the confirmation link', async () => {
    const { staff, staffToken, token } = await impersonating();
    await confirmPassword(t.app, staffToken);
    const newEmail = `support-${staff.id}@elders.example`;
    const change = await t.app.inject(
      authed(staffToken, { method: 'PATCH', url: api('/rest-auth/user/'), payload: { email: newEmail } }),
    );
    expect(change.statusCode).toBe(200);
    // Asked for but not confirmed: the address is still the provider's, so the impersonation goes on.
    expect((await get(token, '/profile/')).statusCode).toBe(200);

    const mail = t.sentMail.find((message) => message.to === newEmail);
    const linkToken = mail ? EMAIL_LINK.exec(mail.text)?.[1] : undefined;
    if (!linkToken) throw new Error('no confirmation link mailed to the new address');
    const confirmed = await t.app.inject({
      method: 'POST',
      url: api('/rest-auth/user/email/confirm/'),
      payload: { token: linkToken },
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await get(token, `/schools/${schoolId}/`)).statusCode).toBe(401);
    expect((await get(staffToken, '/profile/')).statusCode).toBe(200);
  });

  it('ends when the account is deactivated', async () => {
    const { staff, token } = await impersonating();
    await setUser(staff.id, { isActive: false });
    expect((await get(token, `/schools/${schoolId}/`)).statusCode).toBe(401);
  });

  it('ends when the staff member changes password', async () => {
    const { staffToken, token } = await impersonating();
    const newPassword = 'een ander lang wachtwoord';
    const change = await t.app.inject(
      authed(staffToken, {
        method: 'POST',
        url: api('/rest-auth/password/change/'),
        payload: { oldPassword: TEST_PASSWORD, newPassword1: newPassword, newPassword2: newPassword },
      }),
    );
    expect(change.statusCode).toBe(200);
    expect((await get(token, `/schools/${schoolId}/`)).statusCode).toBe(401);
    expect((await get(staffToken, '/profile/')).statusCode).toBe(200);
  });

  it('goes on while the staff member stays staff', async () => {
    const { staff, token } = await impersonating();
    // A change that leaves every part of the rule as it was (another address in the provider's domain).
    await setUser(staff.id, { email: `nieuw-${staff.id}@${PROVIDER_DOMAIN.toUpperCase()}` });
    expect((await get(token, `/schools/${schoolId}/`)).statusCode).toBe(200);
  });
});
