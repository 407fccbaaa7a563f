import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_ERRORS, PASSWORD_RULE_MESSAGES } from '@leerzicht/contract';
import { users } from '../../src/db/schema/index';
import { LIMITS } from '../../src/platform/rate-limit';
import { api, authed, createTestApp, loginToken, type TestApp } from '../helpers/app';
import { createMember, postLogin } from '../helpers/auth';
import { TEST_PASSWORD } from '../helpers/factories';

const NOW = new Date('2026-11-21T10:05:00Z');
const NEW_PASSWORD = 'een nieuw lang wachtwoord';

describe('POST /rest-auth/password/change/', () => {
  let t: TestApp;

  const change = (token: string, payload: Record<string, unknown>, remoteAddress = '127.0.0.1') =>
    t.app.inject(
      authed(token, { method: 'POST', url: api('/rest-auth/password/change/'), payload, remoteAddress }),
    );
  const profileStatus = async (token: string) =>
    (await t.app.inject(authed(token, { method: 'GET', url: api('/profile/') }))).statusCode;
  const passwordHashOf = async (id: number) =>
    (await t.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id)))[0]?.hash;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
  });
  afterAll(() => t.close());

  it('changes the password, keeps this session and signs out the others', async () => {
    const { user } = await createMember(t.database.db);
    const current = await loginToken(t.app, user.username, TEST_PASSWORD);
    const other = await loginToken(t.app, user.username, TEST_PASSWORD);
    const response = await change(current, {
      oldPassword: TEST_PASSWORD,
      newPassword1: NEW_PASSWORD,
      newPassword2: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: expect.any(String) });

    expect(await profileStatus(current)).toBe(200);
    expect(await profileStatus(other)).toBe(401);
    expect((await postLogin(t.app, { username: user.username, password: TEST_PASSWORD })).statusCode).toBe(
      400,
    );
    expect((await postLogin(t.app, { username: user.username, password: NEW_PASSWORD })).statusCode).toBe(
      200,
    );
  });

  it('refuses a wrong current password and weak new passwords per field, changing nothing', async () => {
    const { user } = await createMember(t.database.db);
    const token = await loginToken(t.app, user.username, TEST_PASSWORD);
    const other = await loginToken(t.app, user.username, TEST_PASSWORD);
    const before = await passwordHashOf(user.id);
    const cases: [Record<string, string>, Record<string, string[]>][] = [
      [
        { oldPassword: 'not my password', newPassword1: NEW_PASSWORD, newPassword2: NEW_PASSWORD },
        { oldPassword: [ACCOUNT_ERRORS.wrongPassword] },
      ],
      [
        { oldPassword: TEST_PASSWORD, newPassword1: 'kort', newPassword2: 'kort' },
        { newPassword1: [PASSWORD_RULE_MESSAGES.tooShort] },
      ],
      [
        { oldPassword: TEST_PASSWORD, newPassword1: 'Wachtwoord123', newPassword2: 'Wachtwoord123' },
        { newPassword1: [PASSWORD_RULE_MESSAGES.tooCommon] },
      ],
      [
        {
          oldPassword: TEST_PASSWORD,
          newPassword1: `${user.username}!2026`,
          newPassword2: `${user.username}!2026`,
        },
        { newPassword1: [PASSWORD_RULE_MESSAGES.tooPersonal] },
      ],
      [
        { oldPassword: TEST_PASSWORD, newPassword1: NEW_PASSWORD, newPassword2: `${NEW_PASSWORD}.` },
        { newPassword2: [ACCOUNT_ERRORS.passwordMismatch] },
      ],
    ];
    for (const [payload, errors] of cases) {
      const response = await change(token, payload);
      expect(response.statusCode).toBe(400);
      expect((response.json() as { errors: unknown }).errors).toEqual(errors);
    }
    const missing = await change(token, { oldPassword: TEST_PASSWORD });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys((missing.json() as { errors: object }).errors).sort()).toEqual([
      'newPassword1',
      'newPassword2',
    ]);

    expect(await passwordHashOf(user.id)).toBe(before);
    expect(await profileStatus(other)).toBe(200);
  });

  it('limits guesses of the current password like the login', async () => {
    const { user } = await createMember(t.database.db);
    const token = await loginToken(t.app, user.username, TEST_PASSWORD);
    for (let attempt = 0; attempt < LIMITS.passwordPerAccount.free; attempt += 1) {
      const response = await change(
        token,
        { oldPassword: `guess-${attempt}`, newPassword1: NEW_PASSWORD, newPassword2: NEW_PASSWORD },
        `10.9.0.${attempt}`,
      );
      expect(response.statusCode).toBe(400);
    }
    const right = { oldPassword: TEST_PASSWORD, newPassword1: NEW_PASSWORD, newPassword2: NEW_PASSWORD };
    // A new address waits (whether the password is right or not); the address the login came from does not.
    const blocked = await change(token, right, '10.9.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBe(LIMITS.passwordPerAccount.baseMs / 1000);
    expect((await change(token, right)).statusCode).toBe(200);
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: api('/rest-auth/password/change/'),
      payload: { oldPassword: TEST_PASSWORD, newPassword1: NEW_PASSWORD, newPassword2: NEW_PASSWORD },
    });
    expect(response.statusCode).toBe(401);
  });
});
