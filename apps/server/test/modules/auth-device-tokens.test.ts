import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceTokens } from '../../src/db/schema/index';
import {
  DEVICE_COOKIE,
  DEVICE_COOKIE_PATH,
  DEVICE_TOKEN_MAX_FAILURES,
  DEVICE_TOKEN_VALID_MS,
  deviceCookieHeader,
} from '../../src/modules/auth/device-token';
import { LIMITS } from '../../src/platform/rate-limit';
import { api, createTestApp, type TestApp } from '../helpers/app';
import { createMember, createTotpMember } from '../helpers/auth';
import { TEST_PASSWORD } from '../helpers/factories';

const NOW = new Date('2026-11-21T10:05:00Z');
const { free, baseMs } = LIMITS.passwordPerPair;

/** The browser's cookie from a sign-in's Set-Cookie header (`name=value`, as the browser sends it back). */
function cookieOf(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const first = Array.isArray(header) ? header[0] : header;
  if (typeof first !== 'string' || !first.startsWith(`${DEVICE_COOKIE}=`))
    throw new Error('no device cookie');
  return first.split(';')[0] ?? '';
}

const tokensIn = (cookie: string) => cookie.slice(`${DEVICE_COOKIE}=`.length).split('.');
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/*
 * Device cookies: a browser that signed in to an account gets a token that lets its password attempts on that
 * account skip the backoffs, so a pupil hammering a teacher's account from the school's shared address cannot keep
 * the teacher out on the computer she signed in from before. The token has its own limit of wrong passwords.
 */
describe('login: device tokens', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
  });
  afterAll(() => t.close());

  const login = (
    payload: { username: string; password: string; totpChallenge?: string },
    address: string,
    cookie?: string,
  ) =>
    t.app.inject({
      method: 'POST',
      url: api('/login/'),
      payload,
      remoteAddress: address,
      ...(cookie ? { headers: { cookie } } : {}),
    });

  /** Wrong passwords on the account from the address until the pair's backoff refuses; the wrong answers. */
  async function hammer(username: string, address: string) {
    const answers: LightMyRequestResponse[] = [];
    for (let attempt = 0; attempt < free; attempt += 1) {
      answers.push(await login({ username, password: `gok-${attempt}` }, address));
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 400));
    const refused = await login({ username, password: 'nog-een-gok' }, address);
    expect(refused.statusCode).toBe(429);
    return answers;
  }

  /** A member who signed in once from the address: the device cookie that sign-in gave the browser. */
  async function signedInBefore(address: string) {
    const { user } = await createMember(t.database.db);
    const first = await login({ username: user.username, password: TEST_PASSWORD }, address);
    expect(first.statusCode).toBe(200);
    return { user, right: { username: user.username, password: TEST_PASSWORD }, cookie: cookieOf(first) };
  }

  it('lets the owner in with the cookie while someone at her address hammers her account', async () => {
    const school = '203.0.113.10';
    const { right, cookie } = await signedInBefore(school);
    await hammer(right.username, school);

    const without = await login(right, school);
    expect(without.statusCode).toBe(429);
    expect(without.headers['retry-after']).toBe(String(baseMs / 1000));
    const withCookie = await login(right, school, cookie);
    expect(withCookie.statusCode).toBe(200);

    // Each sign-in replaces the token: the new one helps, the old one (a copy someone took) no longer does.
    const renewed = cookieOf(withCookie);
    expect(renewed).not.toBe(cookie);
    expect((await login(right, school, cookie)).statusCode).toBe(429);
    expect((await login(right, school, renewed)).statusCode).toBe(200);
  });

  it("does not help with another account's token, and keeps both accounts' tokens in one browser", async () => {
    const school = '203.0.113.11';
    const owner = await signedInBefore(school);
    const colleague = await signedInBefore(school);
    await hammer(owner.right.username, school);
    expect((await login(owner.right, school, colleague.cookie)).statusCode).toBe(429);

    // The colleague signs in on the owner's computer: the browser keeps the owner's token beside hers.
    const shared = await login(colleague.right, school, owner.cookie);
    expect(shared.statusCode).toBe(200);
    const both = cookieOf(shared);
    expect(tokensIn(both)).toHaveLength(2);
    expect(tokensIn(both)[1]).toBe(tokensIn(owner.cookie)[0]);
    expect((await login(owner.right, school, both)).statusCode).toBe(200);
  });

  it('answers a wrong password alike with or without the token, and stops helping after its limit', async () => {
    const school = '203.0.113.12';
    const { user, right, cookie } = await signedInBefore(school);
    const wrongWithout = (await hammer(right.username, school))[0];
    const wrong = { ...right, password: 'verkeerd' };
    for (let attempt = 0; attempt < DEVICE_TOKEN_MAX_FAILURES; attempt += 1) {
      const answer = await login(wrong, school, cookie);
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toBe(wrongWithout?.body);
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
    const [row] = await t.database.db.select().from(deviceTokens).where(eq(deviceTokens.userId, user.id));
    expect(row?.failures).toBe(DEVICE_TOKEN_MAX_FAILURES);
    // Used up: the attempt faces the pair's backoff like one without the cookie.
    expect((await login(right, school, cookie)).statusCode).toBe(429);
  });

  it('gives a right password back to the token, so typing errors in between do not use it up', async () => {
    const school = '203.0.113.13';
    const { user, right, cookie } = await signedInBefore(school);
    let current = cookie;
    for (let round = 0; round < 3; round += 1) {
      for (let attempt = 0; attempt < DEVICE_TOKEN_MAX_FAILURES - 1; attempt += 1) {
        expect((await login({ ...right, password: 'tikfout' }, school, current)).statusCode).toBe(400);
      }
      const signedIn = await login(right, school, current);
      expect(signedIn.statusCode).toBe(200);
      current = cookieOf(signedIn);
    }
    const rows = await t.database.db.select().from(deviceTokens).where(eq(deviceTokens.userId, user.id));
    expect(rows.map((row) => row.failures)).toEqual([0]);
  });

  it('counts concurrent wrong passwords with one token no further than its limit', async () => {
    const { user, right, cookie } = await signedInBefore('203.0.113.14');
    const attempts = Array.from({ length: 3 * DEVICE_TOKEN_MAX_FAILURES }, (_, index) =>
      login({ ...right, password: `tegelijk-${index}` }, `198.51.100.${index}`, cookie),
    );
    const answers = await Promise.all(attempts);
    expect(answers.every((answer) => answer.statusCode === 400 || answer.statusCode === 429)).toBe(true);
    const [row] = await t.database.db.select().from(deviceTokens).where(eq(deviceTokens.userId, user.id));
    expect(row?.failures).toBe(DEVICE_TOKEN_MAX_FAILURES);
  });

  it('stores only the SHA-256 of the token', async () => {
    const { user, cookie } = await signedInBefore('203.0.113.15');
    const [token] = tokensIn(cookie);
    const rows = await t.database.db.select().from(deviceTokens).where(eq(deviceTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(sha256(token ?? ''));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]?.expiresAt.getTime()).toBe(NOW.getTime() + DEVICE_TOKEN_VALID_MS);
  });

  it('does not help once expired', async () => {
    const school = '203.0.113.16';
    const { right, cookie } = await signedInBefore(school);
    const later = new Date(NOW.getTime() + DEVICE_TOKEN_VALID_MS + 60_000);
    t.clock.now = later;
    try {
      // A browser that signed in since (from elsewhere) has a valid token, to tell the expiry from the backoff.
      const since = await login(right, '192.0.2.16');
      expect(since.statusCode).toBe(200);
      await hammer(right.username, school);
      expect((await login(right, school, cookie)).statusCode).toBe(429);
      expect((await login(right, school, cookieOf(since))).statusCode).toBe(200);
    } finally {
      t.clock.now = NOW;
    }
  });

  it('is given by a sign-in with the two-step code too, and kept away from scripts', async () => {
    const member = await createTotpMember(t.database.db, t.ctx.secretBox);
    const right = { username: member.user.username, password: TEST_PASSWORD };
    expect((await login(right, '203.0.113.17')).headers['set-cookie']).toBeUndefined();
    const signedIn = await login({ ...right, totpChallenge: member.code(NOW) }, '203.0.113.17');
    expect(signedIn.statusCode).toBe(200);
    const header = signedIn.headers['set-cookie'];
    expect(header).toBe(
      `${cookieOf(signedIn)}; Path=${DEVICE_COOKIE_PATH}; Max-Age=${DEVICE_TOKEN_VALID_MS / 1000}; HttpOnly; SameSite=Strict`,
    );
    expect(deviceCookieHeader(['x'], true)).toMatch(/; Secure$/);
  });

  it('is given by a sign-in link', async () => {
    const { user } = await createMember(t.database.db);
    const address = '203.0.113.18';
    const asked = await t.app.inject({
      method: 'POST',
      url: api('/login/link/'),
      payload: { username: user.username },
      remoteAddress: address,
    });
    expect(asked.statusCode).toBe(200);
    const mail = t.sentMail.find((message) => message.to === user.email);
    const key = /\/auth\/sign-in-link\/([\w-]+)\//.exec(mail?.text ?? '')?.[1];
    const confirmed = await t.app.inject({
      method: 'POST',
      url: api('/login/link/confirm/'),
      payload: { token: key },
      remoteAddress: address,
    });
    expect(confirmed.statusCode).toBe(200);
    const [token] = tokensIn(cookieOf(confirmed));
    const rows = await t.database.db.select().from(deviceTokens).where(eq(deviceTokens.userId, user.id));
    expect(rows.map((row) => row.tokenHash)).toEqual([sha256(token ?? '')]);
  });
});
