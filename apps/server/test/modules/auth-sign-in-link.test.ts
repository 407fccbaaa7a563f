import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOGIN_MARKERS,
  SIGN_IN_LINK_INVALID,
  SIGN_IN_LINK_REQUESTED_DETAIL,
  SIGN_IN_LINK_VALID_MINUTES,
} from '@leerzicht/contract';
import { signInLinks } from '../../src/db/schema/index';
import { LIMITS } from '../../src/platform/rate-limit';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import { createMember, createTotpMember, otherCode, postLogin } from '../helpers/auth';
import { TEST_PASSWORD, createUser } from '../helpers/factories';
import {
  decodeQuotedPrintable,
  startSmtpServer,
  type LoopbackSmtpServer,
  type ReceivedMail,
} from '../helpers/smtp';

const NOW = new Date('2026-11-21T10:05:00Z');
const APP_URL = 'http://leerzicht.test';
const LINK = /http:\/\/leerzicht\.test\/auth\/sign-in-link\/([\w-]+)\//;
const ATTACKERS = 14;

describe('sign-in by e-mailed link, the way in while the account makes new addresses wait (SMTP on loopback)', () => {
  let t: TestApp;
  let smtp: LoopbackSmtpServer;

  const requestLink = (username: string, remoteAddress = '192.0.2.77') =>
    t.app.inject({ method: 'POST', url: api('/login/link/'), payload: { username }, remoteAddress });
  const confirmLink = (payload: Record<string, unknown>, remoteAddress = '192.0.2.77') =>
    t.app.inject({ method: 'POST', url: api('/login/link/confirm/'), payload, remoteAddress });
  const tokenFrom = (mail: ReceivedMail) => {
    const match = LINK.exec(decodeQuotedPrintable(mail.raw));
    if (!match?.[1]) throw new Error('no sign-in link in the mail');
    return match[1];
  };
  /** Asks for a link for the account and returns the key from the mail that arrives at its address. */
  const linkFor = async (user: { username: string; email: string }, remoteAddress?: string) => {
    const before = smtp.messages.length;
    expect((await requestLink(user.username, remoteAddress)).statusCode).toBe(200);
    const mail = (await smtp.waitFor(before + 1))[before];
    if (!mail) throw new Error('no mail');
    expect(mail.to).toEqual([user.email]);
    return tokenFrom(mail);
  };
  /** `free` wrong passwords from each of ATTACKERS addresses, as the report's stranger did. */
  const holdBack = async (username: string, prefix: string) => {
    for (let address = 0; address < ATTACKERS; address += 1) {
      for (let attempt = 0; attempt < LIMITS.passwordPerAccount.free; attempt += 1) {
        await postLogin(t.app, { username, password: `gok-${address}-${attempt}` }, `${prefix}.${address}`);
      }
    }
  };
  const profileStatus = async (token: string) =>
    (await t.app.inject(authed(token, { method: 'GET', url: api('/profile/') }))).statusCode;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ now: NOW, env: { SMTP_URL: smtp.url, APP_URL } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('lets the owner in from a new address after 10 failures from each of 14 addresses', async () => {
    const { user } = await createMember(t.database.db);
    const right = { username: user.username, password: TEST_PASSWORD };
    await holdBack(user.username, '198.51.100');
    const home = '192.0.2.77';
    const held = await postLogin(t.app, right, home);
    expect(held.statusCode).toBe(429);

    const key = await linkFor(user, home);
    const signedIn = await confirmLink({ token: key }, home);
    expect(signedIn.statusCode).toBe(200);
    const answer = signedIn.json() as { token: string; username: string };
    expect(answer.username).toBe(user.username);
    expect(await profileStatus(answer.token)).toBe(200);
    // The address is now known for the account: its password works from there while the wait still runs.
    expect((await postLogin(t.app, right, home)).statusCode).toBe(200);
    expect((await postLogin(t.app, right, '192.0.2.78')).statusCode).toBe(429);

    // Only the key's hash is stored.
    const stored = await t.database.db.select().from(signInLinks).where(eq(signInLinks.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(key);
  });

  it('works once, and retires the other open links of the account', async () => {
    const { user } = await createMember(t.database.db);
    const first = await linkFor(user);
    const second = await linkFor(user);
    expect((await confirmLink({ token: first })).statusCode).toBe(200);
    for (const token of [first, second]) {
      const again = await confirmLink({ token });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ errors: { token: [SIGN_IN_LINK_INVALID] } });
    }
  });

  it(`expires after ${SIGN_IN_LINK_VALID_MINUTES} minutes`, async () => {
    const { user } = await createMember(t.database.db);
    const key = await linkFor(user);
    const validMs = SIGN_IN_LINK_VALID_MINUTES * 60_000;
    try {
      t.clock.now = new Date(NOW.getTime() + validMs);
      const late = await confirmLink({ token: key });
      expect(late.statusCode).toBe(400);
      expect(late.json()).toMatchObject({ errors: { token: [SIGN_IN_LINK_INVALID] } });
      t.clock.now = new Date(NOW.getTime() + validMs - 1_000);
      expect((await confirmLink({ token: key })).statusCode).toBe(200);
    } finally {
      t.clock.now = NOW;
    }
  });

  it('answers the same for unknown, inactive and demo usernames, and mails only the real account', async () => {
    const { user } = await createMember(t.database.db);
    const inactive = await createUser(t.database.db, { isActive: false });
    const demo = await createUser(t.database.db, { isDemo: true });
    const before = smtp.messages.length;
    const answers = [];
    for (const username of ['niemand-hier', inactive.username, demo.username, user.username]) {
      answers.push(await requestLink(username, '192.0.2.90'));
    }
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ detail: SIGN_IN_LINK_REQUESTED_DETAIL });
    }
    const mails = await smtp.waitFor(before + 1);
    expect(mails.slice(before).map((mail) => mail.to)).toEqual([[user.email]]);
    // No link was made for the others, so none can be on its way.
    const links = await t.database.db.select({ userId: signInLinks.userId }).from(signInLinks);
    expect(links.map((link) => link.userId)).not.toContain(inactive.id);
    expect(links.map((link) => link.userId)).not.toContain(demo.id);
  });

  it('still asks an account with two-step login for its code, without using the link up', async () => {
    const member = await createTotpMember(t.database.db, t.ctx.secretBox);
    await holdBack(member.user.username, '198.51.101');
    const key = await linkFor(member.user);
    const withoutCode = await confirmLink({ token: key });
    expect(withoutCode.statusCode).toBe(400);
    expect(withoutCode.json()).toMatchObject({ detail: LOGIN_MARKERS.totpRequired });
    const wrongCode = await confirmLink({ token: key, totpChallenge: otherCode(member.code(NOW)) });
    expect(wrongCode.json()).toMatchObject({ detail: LOGIN_MARKERS.totpInvalid });
    const withCode = await confirmLink({ token: key, totpChallenge: member.code(NOW) });
    expect(withCode.statusCode).toBe(200);
    expect(await profileStatus((withCode.json() as { token: string }).token)).toBe(200);
  });

  it('limits link requests per username and per address', async () => {
    const { user } = await createMember(t.database.db);
    const before = smtp.messages.length;
    for (let attempt = 0; attempt < LIMITS.linkPerAccount.max; attempt += 1) {
      expect((await requestLink(user.username, `192.0.2.${100 + attempt}`)).statusCode).toBe(200);
    }
    const refused = await requestLink(user.username, '192.0.2.120');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await smtp.waitFor(before + LIMITS.linkPerAccount.max);

    const address = '192.0.2.130';
    for (let attempt = 0; attempt < LIMITS.linkPerAddress.max; attempt += 1) {
      await requestLink(`iemand-${attempt}`, address);
    }
    expect((await requestLink('nog-iemand', address)).statusCode).toBe(429);
  });
});
