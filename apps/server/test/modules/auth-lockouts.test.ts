import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MARKERS } from '@leerzicht/contract';
import { loadConfig } from '../../src/config';
import { LIMITS } from '../../src/platform/rate-limit';
import { api, createTestApp, type TestApp } from '../helpers/app';
import { createMember, createTotpMember, otherCode, postLogin } from '../helpers/auth';
import { TEST_PASSWORD } from '../helpers/factories';

// Five minutes into a 15-minute window: a fixed-window Retry-After is the 600 s left of it.
const NOW = new Date('2026-11-21T10:05:00Z');
const SCHOOL = '192.0.2.10';
const HOME = '192.0.2.20';

describe('lock-outs: an attacker elsewhere or behind the same address does not lock out the rightful user', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
  });
  afterAll(() => t.close());

  it('lets the right password in from a known address while the account is hammered from elsewhere', async () => {
    const { user } = await createMember(t.database.db);
    const right = { username: user.username, password: TEST_PASSWORD };
    expect((await postLogin(t.app, right, SCHOOL)).statusCode).toBe(200);

    for (let attempt = 0; attempt < 15; attempt += 1) {
      await postLogin(
        t.app,
        { username: user.username, password: `guess-${attempt}` },
        `198.51.100.${attempt}`,
      );
    }
    expect((await postLogin(t.app, right, SCHOOL)).statusCode).toBe(200);

    // A new address is slowed down, and learns nothing about whether the password was right.
    const guessed = await postLogin(t.app, right, '198.51.100.200');
    const wrong = await postLogin(t.app, { ...right, password: 'yet another guess' }, '198.51.100.201');
    expect(guessed.statusCode).toBe(429);
    expect(guessed.body).toBe(wrong.body);
    expect(guessed.headers['retry-after']).toBe(wrong.headers['retry-after']);
    expect(Number(guessed.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('does not lock the other teachers behind one address when one of them is attacked from it', async () => {
    const attacked = await createMember(t.database.db);
    const colleague = await createMember(t.database.db);
    for (let attempt = 0; attempt < 50; attempt += 1) {
      await postLogin(t.app, { username: attacked.user.username, password: `guess-${attempt}` }, SCHOOL);
    }
    const response = await postLogin(
      t.app,
      { username: colleague.user.username, password: TEST_PASSWORD },
      SCHOOL,
    );
    expect(response.statusCode).toBe(200);
  });

  it('lets password and two-step code together past the wait from a new address, and nothing less', async () => {
    const member = await createTotpMember(t.database.db, t.ctx.secretBox);
    const plain = await createMember(t.database.db);
    for (const username of [member.user.username, plain.user.username]) {
      for (let attempt = 0; attempt < LIMITS.passwordPerAccount.free; attempt += 1) {
        await postLogin(t.app, { username, password: `guess-${attempt}` }, `198.51.101.${attempt}`);
      }
    }
    const right = { username: member.user.username, password: TEST_PASSWORD };
    const code = member.code(NOW);
    expect((await postLogin(t.app, right, '203.0.113.1')).statusCode).toBe(429);

    // Wrong code, wrong password, or an account without two-step login: all answer like a wrong password.
    const wrongCode = await postLogin(t.app, { ...right, totpChallenge: otherCode(code) }, '203.0.113.2');
    const wrongPassword = await postLogin(
      t.app,
      { ...right, password: 'a guess', totpChallenge: code },
      '203.0.113.3',
    );
    const noTwoStep = await postLogin(
      t.app,
      { username: plain.user.username, password: TEST_PASSWORD, totpChallenge: code },
      '203.0.113.4',
    );
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongPassword.body).toBe(wrongCode.body);
    expect(noTwoStep.body).toBe(wrongCode.body);

    const both = await postLogin(t.app, { ...right, totpChallenge: code }, '203.0.113.5');
    expect(both.statusCode).toBe(200);
  });

  it('lets the right code in once the code wait has passed, and says how long the wait is', async () => {
    const member = await createTotpMember(t.database.db, t.ctx.secretBox);
    const credentials = { username: member.user.username, password: TEST_PASSWORD };
    const wrong = otherCode(member.code(NOW));
    for (let attempt = 0; attempt < LIMITS.codePerAccount.max; attempt += 1) {
      const response = await postLogin(t.app, { ...credentials, totpChallenge: wrong }, HOME);
      expect(response.json()).toMatchObject({ detail: LOGIN_MARKERS.totpInvalid });
    }
    const blocked = await postLogin(t.app, { ...credentials, totpChallenge: member.code(NOW) }, HOME);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('600');
    expect(blocked.json()).toMatchObject({ detail: 'Too many attempts. Try again in 10 minutes.' });

    const later = new Date(NOW.getTime() + 600_000);
    t.clock.now = later;
    try {
      const response = await postLogin(t.app, { ...credentials, totpChallenge: member.code(later) }, HOME);
      expect(response.statusCode).toBe(200);
    } finally {
      t.clock.now = NOW;
    }
  });
});

describe('TRUST_PROXY: X-Forwarded-For decides the client address only when the proxy is trusted', () => {
  const reportFrom = (app: TestApp, forwardedFor: string) =>
    app.app.inject({
      method: 'POST',
      url: api('/client-errors/'),
      payload: { reportId: randomUUID(), message: 'loop', path: '/app' },
      remoteAddress: '10.0.0.1',
      headers: { 'x-forwarded-for': forwardedFor },
    });

  /** 31 reports through one proxy from 31 clients: over the per-address limit only if they count as one. */
  async function statuses(env: Record<string, string>): Promise<number[]> {
    const app = await createTestApp({ env });
    try {
      const result: number[] = [];
      for (let i = 0; i < 31; i += 1) result.push((await reportFrom(app, `203.0.113.${i}`)).statusCode);
      return result;
    } finally {
      await app.close();
    }
  }

  it('reads true, false or a list of proxy addresses', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
    ]);
  });

  it('ignores X-Forwarded-For by default', async () => {
    expect((await statuses({})).at(-1)).toBe(429);
  });

  it('reads X-Forwarded-For with TRUST_PROXY=true', async () => {
    expect(new Set(await statuses({ TRUST_PROXY: 'true' }))).toEqual(new Set([201]));
  });
});
