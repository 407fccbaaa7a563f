import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/platform/rate-limit';
import { createTestApp, type TestApp } from '../helpers/app';
import { createMember, postLogin } from '../helpers/auth';
import { TEST_PASSWORD } from '../helpers/factories';

const NOW = new Date('2026-11-21T10:05:00Z');
const SPRAYED = 60;
const { free, baseMs, maxWaitMs } = LIMITS.passwordPerAddress;

/*
 * Password spraying: one password tried on many usernames from one address. Each username sees one failure, far
 * below its own backoff; the address's backoff over all usernames slows the sprayer down instead, for unknown
 * usernames as for known ones and with the same answers, and never for accounts that signed in there before.
 */
describe('login: the backoff per address against password spraying', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
  });
  afterAll(() => t.close());

  /** Tries one password on SPRAYED usernames from the address, every other one an account that exists. */
  async function spray(address: string) {
    const answers: { known: boolean; status: number; body: string; retryAfter: unknown }[] = [];
    for (let index = 0; index < SPRAYED; index += 1) {
      const known = index % 2 === 0;
      const username = known
        ? (await createMember(t.database.db)).user.username
        : `niemand-${address}-${index}`;
      const response = await postLogin(t.app, { username, password: 'Welkom2026!' }, address);
      answers.push({
        known,
        status: response.statusCode,
        body: response.body,
        retryAfter: response.headers['retry-after'],
      });
    }
    return answers;
  }

  it('refuses a sprayer after the free failures, answering known and unknown usernames alike', async () => {
    const answers = await spray('203.0.113.50');
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(free);
    expect(statuses.filter((status) => status === 429)).toHaveLength(SPRAYED - free);
    // The first `free` answer as a wrong password does, all the rest wait; nothing tells which usernames exist.
    expect(statuses.slice(0, free).every((status) => status === 400)).toBe(true);
    for (const group of [answers.slice(0, free), answers.slice(free)]) {
      const known = group.filter((answer) => answer.known);
      const unknown = group.filter((answer) => !answer.known);
      expect(known.length).toBeGreaterThan(0);
      expect(unknown.length).toBeGreaterThan(0);
      expect(new Set(group.map((answer) => answer.body)).size).toBe(1);
      expect(new Set(group.map((answer) => answer.retryAfter)).size).toBe(1);
    }
    // No time passed: the first wait, started by the free-th failure, is the one each refused attempt is told.
    expect(answers[free]?.retryAfter).toBe(String(baseMs / 1000));
  });

  it('doubles the wait with each further failure, up to the longest wait', async () => {
    const address = '203.0.113.51';
    const guess = (index: number) =>
      postLogin(t.app, { username: `gok-${index}`, password: 'Zomer2026!' }, address);
    for (let index = 0; index < free; index += 1) expect((await guess(index)).statusCode).toBe(400);
    let at = NOW.getTime();
    try {
      // After each wait one more failure is let through (and answered 400), and the next wait is twice as long.
      for (let over = 0; over < 6; over += 1) {
        const wait = Math.min(maxWaitMs, baseMs * 2 ** over);
        const refused = await guess(100 + over);
        expect(refused.statusCode).toBe(429);
        expect(refused.headers['retry-after']).toBe(String(wait / 1000));
        at += wait;
        t.clock.now = new Date(at);
        expect((await guess(200 + over)).statusCode).toBe(400);
      }
    } finally {
      t.clock.now = NOW;
    }
  });

  it('lets the right password in from an address the account signed in from before, however much was sprayed there', async () => {
    const address = '203.0.113.52';
    const { user } = await createMember(t.database.db);
    const right = { username: user.username, password: TEST_PASSWORD };
    expect((await postLogin(t.app, right, address)).statusCode).toBe(200);
    const answers = await spray(address);
    expect(answers.at(-1)?.status).toBe(429);
    expect((await postLogin(t.app, right, address)).statusCode).toBe(200);
    // An account that has not signed in from there waits like everyone else (the link or the code gets it in).
    const { user: newcomer } = await createMember(t.database.db);
    const waiting = await postLogin(t.app, { username: newcomer.username, password: TEST_PASSWORD }, address);
    expect(waiting.statusCode).toBe(429);
    // The same account from another address is not slowed down by the sprayer.
    const elsewhere = await postLogin(
      t.app,
      { username: newcomer.username, password: TEST_PASSWORD },
      '203.0.113.53',
    );
    expect(elsewhere.statusCode).toBe(200);
  });

  it('gives a successful sign-in back, so colleagues signing in from one address are not slowed down', async () => {
    const address = '203.0.113.54';
    for (let index = 0; index < free + 5; index += 1) {
      const { user } = await createMember(t.database.db);
      const response = await postLogin(t.app, { username: user.username, password: TEST_PASSWORD }, address);
      expect(response.statusCode).toBe(200);
    }
  });
});
