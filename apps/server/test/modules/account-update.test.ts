import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_ERRORS, PASSWORD_CONFIRMATION_REQUIRED, profileSchema } from '@leerzicht/contract';
import { auditLog, users } from '../../src/db/schema/index';
import { api, authed, createTestApp, loginToken, type TestApp } from '../helpers/app';
import { confirmPassword, createMember } from '../helpers/auth';
import { TEST_PASSWORD, createUser } from '../helpers/factories';
import { signIn } from '../helpers/sign-in';

const NOW = new Date('2026-11-21T10:00:00Z');

describe('PATCH /rest-auth/user/', () => {
  let t: TestApp;

  const patch = (token: string, payload: Record<string, unknown>) =>
    t.app.inject(authed(token, { method: 'PATCH', url: api('/rest-auth/user/'), payload }));
  const storedUser = async (id: number) => {
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    if (!row) throw new Error('user missing');
    return row;
  };
  const signedIn = async () => {
    const created = await createMember(t.database.db);
    const token = await signIn(t, created.user);
    // The row as it stands after the login (last_login set), to compare against after failed updates.
    return { user: await storedUser(created.user.id), token };
  };

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
  });
  afterAll(() => t.close());

  it('changes names, username and language and answers the profile', async () => {
    const { user, token } = await signedIn();
    const newName = `juf-${user.id}`;
    const response = await patch(token, {
      firstName: 'Anna',
      lastName: 'de Vries',
      username: newName,
      language: 'en',
    });
    expect(response.statusCode).toBe(200);
    const profile = profileSchema.parse(response.json());
    expect(profile).toMatchObject({
      firstName: 'Anna',
      lastName: 'de Vries',
      fullName: 'Anna de Vries',
      username: newName,
      language: 'en',
    });
    expect(await storedUser(user.id)).toMatchObject({ username: newName, language: 'en' });
    expect((await loginToken(t.app, newName, TEST_PASSWORD)).length).toBeGreaterThan(0);

    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.actorUserId, user.id));
    expect(audit).toMatchObject({ action: 'account.update', entity: 'user', entityId: String(user.id) });
    expect(JSON.stringify(audit?.details)).not.toContain('Anna');
  });

  it('accepts a partial update and leaves the other fields alone', async () => {
    const { user, token } = await signedIn();
    const response = await patch(token, { language: 'en' });
    expect(response.statusCode).toBe(200);
    expect(await storedUser(user.id)).toMatchObject({
      firstName: user.firstName,
      email: user.email,
      language: 'en',
    });
    expect((await patch(token, { language: 'nl' })).json()).toMatchObject({ language: 'nl' });
  });

  it('refuses a username of another account, case-insensitively, changing nothing', async () => {
    const { user, token } = await signedIn();
    const other = await createUser(t.database.db);
    await confirmPassword(t.app, token);
    const response = await patch(token, {
      firstName: 'Gewijzigd',
      username: other.username.toUpperCase(),
      email: other.email.toUpperCase(),
    });
    expect(response.statusCode).toBe(400);
    // The address of another account is not named as taken: that would tell who has an account.
    expect(response.json()).toEqual({
      status: 400,
      detail: 'Invalid input.',
      errors: { username: [ACCOUNT_ERRORS.usernameTaken] },
    });
    expect(await storedUser(user.id)).toEqual(user);
  });

  it('gives per-field errors for malformed values, changing nothing', async () => {
    const { user, token } = await signedIn();
    const response = await patch(token, {
      email: 'not-an-address',
      username: 'has spaces',
      language: 'de',
      firstName: 'x'.repeat(151),
    });
    expect(response.statusCode).toBe(400);
    const { errors } = response.json() as { errors: Record<string, string[]> };
    expect(Object.keys(errors).sort()).toEqual(['email', 'firstName', 'language', 'username']);
    expect(await storedUser(user.id)).toEqual(user);
  });

  it('asks for a password confirmation before changing the e-mail address', async () => {
    const { user, token } = await signedIn();
    const email = `nieuw-${user.id}@school.example`;
    const unconfirmed = await patch(token, { email, firstName: 'Nieuw' });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json()).toMatchObject({ detail: PASSWORD_CONFIRMATION_REQUIRED });
    expect(await storedUser(user.id)).toEqual(user);

    await confirmPassword(t.app, token);
    const confirmed = await patch(token, { email, firstName: 'Nieuw' });
    expect(confirmed.statusCode).toBe(200);
    // The new address waits for its link; the account keeps the old one until then.
    expect(confirmed.json()).toMatchObject({ email: user.email, pendingEmail: email, firstName: 'Nieuw' });
    expect(await storedUser(user.id)).toMatchObject({ email: user.email, firstName: 'Nieuw' });
  });

  it('does not ask for a confirmation when the e-mail address is sent unchanged', async () => {
    const { user, token } = await signedIn();
    const response = await patch(token, { email: user.email, lastName: 'Jansen' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ lastName: 'Jansen' });
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: api('/rest-auth/user/'),
      payload: { firstName: 'X' },
    });
    expect(response.statusCode).toBe(401);
  });
});
