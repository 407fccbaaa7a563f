import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../src/db/schema/index';
import { signSessionToken } from '../../src/platform/session-tokens';
import { TEST_JWT_SECRET, api, authed, createTestApp, type TestApp } from '../helpers/app';
import { createMember, postLogin } from '../helpers/auth';
import { TEST_PASSWORD } from '../helpers/factories';

const NOW = new Date('2026-11-21T10:00:00Z');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const decodePayload = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

describe('sessions: logout, forged and expired tokens, idle and remember-me limits', () => {
  let t: TestApp;
  let username: string;

  const login = async (rememberMe = false) => {
    const response = await postLogin(t.app, { username, password: TEST_PASSWORD, rememberMe });
    expect(response.statusCode).toBe(200);
    return (response.json() as { token: string }).token;
  };
  const profileStatus = async (token: string) =>
    (await t.app.inject(authed(token, { method: 'GET', url: api('/profile/') }))).statusCode;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    username = (await createMember(t.database.db)).user.username;
  });
  afterAll(() => t.close());

  it('refuses the token at once after logout', async () => {
    const token = await login();
    const other = await login();
    expect(await profileStatus(token)).toBe(200);
    const logout = await t.app.inject(authed(token, { method: 'POST', url: api('/logout/') }));
    expect(logout.statusCode).toBe(200);
    expect(await profileStatus(token)).toBe(401);
    const again = await t.app.inject(authed(token, { method: 'POST', url: api('/logout/') }));
    expect(again.statusCode).toBe(401);
    expect(await profileStatus(other)).toBe(200);
  });

  it('answers 401 to logout without a token', async () => {
    const response = await t.app.inject({ method: 'POST', url: api('/logout/') });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a token with alg "none"', async () => {
    const payload = decodePayload(await login());
    const forged = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.`;
    expect(await profileStatus(forged)).toBe(401);
  });

  it('refuses a token signed with another secret', async () => {
    const payload = decodePayload(await login());
    const forged = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode('another-secret-that-is-long-enough-for-hs256'));
    expect(await profileStatus(forged)).toBe(401);
  });

  it('refuses a token whose payload was altered', async () => {
    const [header, payload, signature] = (await login()).split('.');
    const altered = {
      ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')),
      sub: '999999',
    };
    expect(await profileStatus(`${header}.${base64url(altered)}.${signature}`)).toBe(401);
  });

  it('refuses a correctly signed token past its expiry', async () => {
    const payload = decodePayload(await login());
    const expired = await signSessionToken(
      TEST_JWT_SECRET,
      { sessionId: String(payload.sid), userId: Number(payload.sub) },
      new Date(NOW.getTime() - MINUTE),
      new Date(NOW.getTime() - 2 * MINUTE),
    );
    expect(await profileStatus(expired)).toBe(401);
  });

  it('refuses a token that passed before once its own expiry has come, while its session still runs', async () => {
    const payload = decodePayload(await login());
    const shortLived = await signSessionToken(
      TEST_JWT_SECRET,
      { sessionId: String(payload.sid), userId: Number(payload.sub) },
      new Date(NOW.getTime() + 2 * MINUTE),
      NOW,
    );
    expect(await profileStatus(shortLived)).toBe(200);
    t.clock.now = new Date(NOW.getTime() + MINUTE);
    expect(await profileStatus(shortLived)).toBe(200);
    t.clock.now = new Date(NOW.getTime() + 2 * MINUTE);
    expect(await profileStatus(shortLived)).toBe(401);
    t.clock.now = NOW;
  });

  it('ends a session without remember-me after 30 idle minutes', async () => {
    const token = await login();
    t.clock.now = new Date(NOW.getTime() + 29 * MINUTE);
    expect(await profileStatus(token)).toBe(200);
    // The request above counts as activity: 29 more minutes are fine, 31 are not.
    t.clock.now = new Date(NOW.getTime() + 58 * MINUTE);
    expect(await profileStatus(token)).toBe(200);
    t.clock.now = new Date(NOW.getTime() + 90 * MINUTE);
    expect(await profileStatus(token)).toBe(401);
    t.clock.now = NOW;
  });

  it('ends a session without remember-me after 12 hours even when active', async () => {
    const token = await login();
    for (let minutes = 25; minutes < 12 * 60; minutes += 25) {
      t.clock.now = new Date(NOW.getTime() + minutes * MINUTE);
      expect(await profileStatus(token)).toBe(200);
    }
    t.clock.now = new Date(NOW.getTime() + 12 * 60 * MINUTE + MINUTE);
    expect(await profileStatus(token)).toBe(401);
    t.clock.now = NOW;
  });

  it('keeps a remember-me session for 30 days, idle or not, and not longer', async () => {
    const token = await login(true);
    t.clock.now = new Date(NOW.getTime() + 29 * DAY);
    expect(await profileStatus(token)).toBe(200);
    t.clock.now = new Date(NOW.getTime() + 30 * DAY + MINUTE);
    expect(await profileStatus(token)).toBe(401);
    t.clock.now = NOW;
  });

  it('refuses a token whose session was revoked in the database', async () => {
    const token = await login();
    const { sid } = decodePayload(token);
    await t.database.db
      .update(sessions)
      .set({ revokedAt: NOW })
      .where(eq(sessions.id, String(sid)));
    expect(await profileStatus(token)).toBe(401);
  });
});
