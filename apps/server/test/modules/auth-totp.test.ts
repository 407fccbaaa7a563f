import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MARKERS, OTP_ERRORS, PASSWORD_CONFIRMATION_REQUIRED } from '@leerzicht/contract';
import { users } from '../../src/db/schema/index';
import { LIMITS } from '../../src/platform/rate-limit';
import { totpCode } from '../../src/platform/totp';
import { api, authed, createTestApp, loginToken, type TestApp } from '../helpers/app';
import { confirmPassword, createMember, createTotpMember, otherCode, postLogin } from '../helpers/auth';
import { TEST_PASSWORD } from '../helpers/factories';

const NOW = new Date('2026-11-21T10:00:00Z');
const STEP = 30_000;

describe('two-step login: status, activate, verify, deactivate', () => {
  let t: TestApp;

  const get = (token: string, path: string) => t.app.inject(authed(token, { method: 'GET', url: api(path) }));
  const storedUser = async (id: number) => {
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    if (!row) throw new Error('user missing');
    return row;
  };
  const secretOf = (uri: string) => new URL(uri).searchParams.get('secret') ?? '';

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
  });
  afterAll(() => t.close());

  it('answers 401 on every two-step call without a session', async () => {
    for (const path of [
      '/otp/totp/',
      '/otp/totp/activate',
      '/otp/totp/verify/123456',
      '/otp/totp/deactivate/123456',
    ]) {
      expect((await t.app.inject({ method: 'GET', url: api(path) })).statusCode).toBe(401);
    }
  });

  it('activates with the first valid code, after a password confirmation', async () => {
    const { user } = await createMember(t.database.db);
    const token = await loginToken(t.app, user.username, TEST_PASSWORD);
    expect((await get(token, '/otp/totp/')).json()).toEqual({ active: false });

    const unconfirmed = await get(token, '/otp/totp/activate');
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json()).toMatchObject({ detail: PASSWORD_CONFIRMATION_REQUIRED });
    expect((await storedUser(user.id)).totpSecretEnc).toBeNull();

    await confirmPassword(t.app, token);
    const activate = await get(token, '/otp/totp/activate');
    expect(activate.statusCode).toBe(200);
    const { uri } = activate.json() as { uri: string };
    expect(uri.startsWith('otpauth://totp/')).toBe(true);
    const secret = secretOf(uri);
    expect(secret.length).toBeGreaterThanOrEqual(32); // 20 bytes = 160 bits = 32 base32 characters

    const stored = await storedUser(user.id);
    expect(stored.totpActive).toBe(false);
    expect(stored.totpSecretEnc).not.toContain(secret);
    expect(t.ctx.secretBox.decrypt(stored.totpSecretEnc ?? '')).toBe(secret);
    expect((await get(token, '/otp/totp/')).json()).toEqual({ active: false });

    const wrong = await get(token, `/otp/totp/verify/${otherCode(totpCode(secret, NOW))}`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ detail: OTP_ERRORS.invalidCode });
    expect((await storedUser(user.id)).totpActive).toBe(false);

    const code = totpCode(secret, NOW);
    const verify = await get(token, `/otp/totp/verify/${code}`);
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({ result: true });
    expect((await get(token, '/otp/totp/')).json()).toEqual({ active: true });

    // The code used for activation cannot log in; the next step's code can.
    const replay = await postLogin(t.app, {
      username: user.username,
      password: TEST_PASSWORD,
      totpChallenge: code,
    });
    expect(replay.json()).toMatchObject({ detail: LOGIN_MARKERS.totpInvalid });
    t.clock.now = new Date(NOW.getTime() + STEP);
    const next = await postLogin(t.app, {
      username: user.username,
      password: TEST_PASSWORD,
      totpChallenge: totpCode(secret, t.clock.now),
    });
    expect(next.statusCode).toBe(200);
    t.clock.now = NOW;
  });

  it('gives a fresh secret on each activation', async () => {
    const { user } = await createMember(t.database.db);
    const token = await loginToken(t.app, user.username, TEST_PASSWORD);
    await confirmPassword(t.app, token);
    const first = secretOf((await get(token, '/otp/totp/activate')).json<{ uri: string }>().uri);
    const second = secretOf((await get(token, '/otp/totp/activate')).json<{ uri: string }>().uri);
    expect(first).not.toBe(second);
    // Only the latest secret activates.
    const stale = await get(token, `/otp/totp/verify/${totpCode(first, NOW)}`);
    expect(stale.statusCode).toBe(400);
  });

  it('refuses verify before activation, malformed codes and activation when already active', async () => {
    const { user } = await createMember(t.database.db);
    const token = await loginToken(t.app, user.username, TEST_PASSWORD);
    const early = await get(token, '/otp/totp/verify/123456');
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ detail: OTP_ERRORS.notStarted });
    const malformed = await get(token, '/otp/totp/verify/12a456');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ errors: { code: [OTP_ERRORS.invalidCode] } });

    const member = await createTotpMember(t.database.db, t.ctx.secretBox);
    const activeToken = (
      await postLogin(t.app, {
        username: member.user.username,
        password: TEST_PASSWORD,
        totpChallenge: member.code(NOW),
      })
    ).json<{ token: string }>().token;
    await confirmPassword(t.app, activeToken);
    const again = await get(activeToken, '/otp/totp/activate');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ detail: OTP_ERRORS.alreadyActive });
  });

  it('deactivates with a valid code and a fresh password confirmation', async () => {
    const member = await createTotpMember(t.database.db, t.ctx.secretBox);
    const token = (
      await postLogin(t.app, {
        username: member.user.username,
        password: TEST_PASSWORD,
        totpChallenge: member.code(NOW),
      })
    ).json<{ token: string }>().token;
    const later = new Date(NOW.getTime() + 2 * STEP);
    t.clock.now = later;

    const unconfirmed = await get(token, `/otp/totp/deactivate/${member.code(later)}`);
    expect(unconfirmed.json()).toMatchObject({ detail: PASSWORD_CONFIRMATION_REQUIRED });
    await confirmPassword(t.app, token);

    const wrong = await get(token, `/otp/totp/deactivate/${otherCode(member.code(later))}`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ detail: OTP_ERRORS.invalidCode });
    expect((await storedUser(member.user.id)).totpActive).toBe(true);

    const ok = await get(token, `/otp/totp/deactivate/${member.code(later)}`);
    expect(ok.json()).toEqual({ result: true });
    const stored = await storedUser(member.user.id);
    expect(stored.totpActive).toBe(false);
    expect(stored.totpSecretEnc).toBeNull();
    const plain = await postLogin(t.app, { username: member.user.username, password: TEST_PASSWORD });
    expect(plain.statusCode).toBe(200);

    const notActive = await get(token, `/otp/totp/deactivate/${member.code(later)}`);
    expect(notActive.json()).toMatchObject({ detail: OTP_ERRORS.notActive });
    t.clock.now = NOW;
  });

  it('lets a password confirmation lapse after 10 minutes', async () => {
    const { user } = await createMember(t.database.db);
    const token = await loginToken(t.app, user.username, TEST_PASSWORD);
    await confirmPassword(t.app, token);
    t.clock.now = new Date(NOW.getTime() + 9 * 60_000);
    expect((await get(token, '/otp/totp/activate')).statusCode).toBe(200);
    t.clock.now = new Date(NOW.getTime() + 11 * 60_000);
    expect((await get(token, '/otp/totp/activate')).json()).toMatchObject({
      detail: PASSWORD_CONFIRMATION_REQUIRED,
    });
    t.clock.now = NOW;
  });

  it('refuses a wrong confirmation password per field and counts it against the account', async () => {
    const { user } = await createMember(t.database.db);
    const token = await loginToken(t.app, user.username, TEST_PASSWORD);
    const wrong = await t.app.inject(
      authed(token, {
        method: 'POST',
        url: api('/rest-auth/password/confirm/'),
        payload: { password: 'nope nope nope' },
      }),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ errors: { password: [expect.any(String)] } });
    const missing = await t.app.inject(
      authed(token, { method: 'POST', url: api('/rest-auth/password/confirm/'), payload: {} }),
    );
    expect(missing.json()).toMatchObject({ errors: { password: [expect.any(String)] } });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: api('/rest-auth/password/confirm/'),
      payload: { password: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('limits wrong verification codes like login codes', async () => {
    const { user } = await createMember(t.database.db);
    const token = await loginToken(t.app, user.username, TEST_PASSWORD);
    await confirmPassword(t.app, token);
    const secret = secretOf((await get(token, '/otp/totp/activate')).json<{ uri: string }>().uri);
    const wrong = otherCode(totpCode(secret, NOW));
    for (let attempt = 0; attempt < LIMITS.codePerAccount.max; attempt += 1) {
      expect((await get(token, `/otp/totp/verify/${wrong}`)).statusCode).toBe(400);
    }
    const blocked = await get(token, `/otp/totp/verify/${totpCode(secret, NOW)}`);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });
});
