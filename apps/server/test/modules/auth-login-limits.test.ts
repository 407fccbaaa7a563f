import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LOGIN_MARKERS } from '@leerzicht/contract';
import { loginAttempts } from '../../src/db/schema/index';
import { LIMITS } from '../../src/platform/rate-limit';
import { createTestApp, type TestApp } from '../helpers/app';
import { createMember, createTotpMember, otherCode, postLogin } from '../helpers/auth';
import { TEST_PASSWORD } from '../helpers/factories';

// Five minutes into a 15-minute window: a fixed-window Retry-After is the 600 s left of it.
const NOW = new Date('2026-11-21T10:05:00Z');
const { free, baseMs } = LIMITS.passwordPerAccount;

describe('login: brute-force limits and TOTP codes', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
  });
  afterAll(() => t.close());

  it('answers unknown usernames and wrong passwords identically', async () => {
    const { user } = await createMember(t.database.db);
    const wrong = await postLogin(t.app, { username: user.username, password: 'not the password' });
    const unknown = await postLogin(t.app, { username: 'nobody-here', password: 'not the password' });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.body).toBe(unknown.body);
  });

  it('stores only hashed counter keys, never the username or address', async () => {
    const rows = await t.database.db.select().from(loginAttempts);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.key).not.toMatch(/nobody-here|127\.0\.0\.1/);
      expect(row.key).toMatch(/^[a-z]+:[a-z-]+:[\w-]+$/);
    }
  });

  it('slows an account down after 10 failed passwords from any address, with growing waits', async () => {
    const { user } = await createMember(t.database.db);
    const right = { username: user.username, password: TEST_PASSWORD };
    for (let attempt = 0; attempt < free; attempt += 1) {
      const response = await postLogin(
        t.app,
        { username: user.username, password: `wrong-${attempt}` },
        `10.1.0.${attempt}`,
      );
      expect(response.statusCode).toBe(400);
    }
    // From a new address even the right password waits, and the answer does not say whether it was right.
    const waiting = await postLogin(t.app, right, '10.1.1.1');
    expect(waiting.statusCode).toBe(429);
    expect(waiting.headers['retry-after']).toBe(String(baseMs / 1000));
    expect(waiting.json()).toMatchObject({
      status: 429,
      detail: 'Too many attempts. Try again in 30 seconds.',
    });
    const wrong = await postLogin(t.app, { ...right, password: 'wrong-again' }, '10.1.1.2');
    const upper = await postLogin(t.app, { ...right, username: user.username.toUpperCase() }, '10.1.1.3');
    expect(wrong.body).toBe(waiting.body);
    expect(upper.body).toBe(waiting.body);

    try {
      // Each further failure doubles the wait; the right password gets in once the wait has passed.
      t.clock.now = new Date(NOW.getTime() + baseMs);
      expect((await postLogin(t.app, { ...right, password: 'wrong-11' }, '10.1.1.4')).statusCode).toBe(400);
      const longer = await postLogin(t.app, right, '10.1.1.5');
      expect(longer.headers['retry-after']).toBe(String((2 * baseMs) / 1000));
      t.clock.now = new Date(NOW.getTime() + 3 * baseMs);
      expect((await postLogin(t.app, right, '10.1.1.6')).statusCode).toBe(200);
    } finally {
      t.clock.now = NOW;
    }
  });

  it('limits unknown usernames the same way, so the limit does not reveal which exist', async () => {
    for (let attempt = 0; attempt < free; attempt += 1) {
      await postLogin(t.app, { username: 'ghost-account', password: 'whatever-it-is' }, `10.2.0.${attempt}`);
    }
    const response = await postLogin(
      t.app,
      { username: 'ghost-account', password: 'whatever-it-is' },
      '10.2.1.1',
    );
    expect(response.statusCode).toBe(429);
  });

  it('does not count successful logins against the account', async () => {
    const { user } = await createMember(t.database.db);
    for (let attempt = 0; attempt < free + 2; attempt += 1) {
      const response = await postLogin(
        t.app,
        { username: user.username, password: TEST_PASSWORD },
        '10.3.0.1',
      );
      expect(response.statusCode).toBe(200);
    }
  });

  it('slows down guesses on one account from a known address, without slowing its other accounts', async () => {
    const school = '10.4.1.1';
    const { user } = await createMember(t.database.db);
    const right = { username: user.username, password: TEST_PASSWORD };
    expect((await postLogin(t.app, right, school)).statusCode).toBe(200);
    for (let attempt = 0; attempt < free; attempt += 1) {
      await postLogin(t.app, { ...right, password: `pupil-guess-${attempt}` }, school);
    }
    const slowed = await postLogin(t.app, { ...right, password: 'pupil-guess' }, school);
    expect(slowed.statusCode).toBe(429);
    const colleague = await createMember(t.database.db);
    const other = { username: colleague.user.username, password: TEST_PASSWORD };
    expect((await postLogin(t.app, other, school)).statusCode).toBe(200);
  });

  it('asks for the code, accepts a valid one and refuses it a second time (replay)', async () => {
    const member = await createTotpMember(t.database.db, t.ctx.secretBox);
    const credentials = { username: member.user.username, password: TEST_PASSWORD };
    const required = await postLogin(t.app, credentials);
    expect(required.statusCode).toBe(400);
    expect(required.json()).toMatchObject({ detail: LOGIN_MARKERS.totpRequired });

    const code = member.code(NOW);
    const first = await postLogin(t.app, { ...credentials, totpChallenge: code });
    expect(first.statusCode).toBe(200);
    const replay = await postLogin(t.app, { ...credentials, totpChallenge: code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ detail: LOGIN_MARKERS.totpInvalid });
  });

  it('accepts the code of the previous step and refuses an expired or wrong one', async () => {
    const member = await createTotpMember(t.database.db, t.ctx.secretBox);
    const credentials = { username: member.user.username, password: TEST_PASSWORD };
    const expired = await postLogin(t.app, {
      ...credentials,
      totpChallenge: member.code(new Date(NOW.getTime() - 60_000)),
    });
    expect(expired.json()).toMatchObject({ detail: LOGIN_MARKERS.totpInvalid });
    const wrong = await postLogin(t.app, { ...credentials, totpChallenge: otherCode(member.code(NOW)) });
    expect(wrong.json()).toMatchObject({ detail: LOGIN_MARKERS.totpInvalid });
    const previous = await postLogin(t.app, {
      ...credentials,
      totpChallenge: member.code(new Date(NOW.getTime() - 30_000)),
    });
    expect(previous.statusCode).toBe(200);
  });

  it('refuses a malformed code with a per-field error', async () => {
    const member = await createTotpMember(t.database.db, t.ctx.secretBox);
    const response = await postLogin(t.app, {
      username: member.user.username,
      password: TEST_PASSWORD,
      totpChallenge: '12ab',
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys((response.json() as { errors: Record<string, string[]> }).errors)).toEqual([
      'totpChallenge',
    ]);
  });

  it('limits wrong codes per account to 5 per window, even with the right password', async () => {
    const member = await createTotpMember(t.database.db, t.ctx.secretBox);
    const credentials = { username: member.user.username, password: TEST_PASSWORD };
    const wrong = otherCode(member.code(NOW));
    for (let attempt = 0; attempt < LIMITS.codePerAccount.max; attempt += 1) {
      const response = await postLogin(t.app, { ...credentials, totpChallenge: wrong }, `10.5.0.${attempt}`);
      expect(response.json()).toMatchObject({ detail: LOGIN_MARKERS.totpInvalid });
    }
    const blocked = await postLogin(t.app, { ...credentials, totpChallenge: member.code(NOW) }, '10.5.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('600');
  });

  it('prunes counters older than a day after a sign-in, at most every five minutes per process', async () => {
    const db = t.database.db;
    const { user } = await createMember(db);
    const dayAndMore = 25 * 60 * 60 * 1000;
    const old = (key: string, at: Date) =>
      db.insert(loginAttempts).values({ key, windowStart: new Date(at.getTime() - dayAndMore), count: 3 });
    const left = async (key: string) =>
      (await db.select().from(loginAttempts).where(eq(loginAttempts.key, key))).length;
    const signIn = async (address: string) =>
      expect(
        (await postLogin(t.app, { username: user.username, password: TEST_PASSWORD }, address)).statusCode,
      ).toBe(200);

    t.clock.now = new Date(NOW.getTime() + 60 * 60 * 1000);
    await old('prune:first', t.clock.now);
    await signIn('10.9.0.1');
    expect(await left('prune:first')).toBe(0);

    // A minute later another sign-in leaves a new old counter alone; six minutes later it is gone.
    t.clock.now = new Date(t.clock.now.getTime() + 60 * 1000);
    await old('prune:second', t.clock.now);
    await signIn('10.9.0.2');
    expect(await left('prune:second')).toBe(1);
    t.clock.now = new Date(t.clock.now.getTime() + 6 * 60 * 1000);
    await signIn('10.9.0.3');
    expect(await left('prune:second')).toBe(0);
    t.clock.now = NOW;
  });
});
