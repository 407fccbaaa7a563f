import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_ERRORS, LOGIN_MARKERS, PASSWORD_RESET_REQUESTED_DETAIL } from '@leerzicht/contract';
import { passwordResetTokens } from '../../src/db/schema/index';
import { LIMITS } from '../../src/platform/rate-limit';
import { api, authed, createTestApp, loginToken, type TestApp } from '../helpers/app';
import { createMember, createTotpMember, postLogin } from '../helpers/auth';
import { TEST_PASSWORD, createUser } from '../helpers/factories';
import {
  decodeQuotedPrintable,
  startSmtpServer,
  type LoopbackSmtpServer,
  type ReceivedMail,
} from '../helpers/smtp';

const NOW = new Date('2026-11-21T10:00:00Z');
const APP_URL = 'http://leerzicht.test';
const NEW_PASSWORD = 'zonnebloemen in de tuin';
const LINK = /http:\/\/leerzicht\.test\/accounts\/password_reset\/confirm\/([\w-]+)\//;

describe('password reset by e-mail (SMTP on loopback)', () => {
  let t: TestApp;
  let smtp: LoopbackSmtpServer;

  const requestReset = (email: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: api('/rest-auth/password/reset/'),
      payload: { email },
      remoteAddress,
    });
  const confirmReset = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: api('/rest-auth/password/reset/confirm/'), payload });
  const tokenFrom = (mail: ReceivedMail) => {
    const match = LINK.exec(decodeQuotedPrintable(mail.raw));
    if (!match?.[1]) throw new Error('no reset link in the mail');
    return match[1];
  };
  /** Requests a reset for the address and returns the token from the mail that arrives. */
  const resetTokenFor = async (email: string) => {
    const before = smtp.messages.length;
    expect((await requestReset(email)).statusCode).toBe(200);
    const mails = await smtp.waitFor(before + 1);
    const mail = mails[before];
    if (!mail) throw new Error('no mail');
    expect(mail.to).toEqual([email]);
    return { mail, token: tokenFrom(mail) };
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ now: NOW, env: { SMTP_URL: smtp.url, APP_URL } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('answers the same for known, unknown, demo and inactive addresses, and mails only the active account', async () => {
    const { user } = await createMember(t.database.db);
    const demo = await createUser(t.database.db, { isDemo: true });
    const inactive = await createUser(t.database.db, { isActive: false });
    const before = smtp.messages.length;
    const answers = [];
    for (const email of ['nobody@school.example', demo.email, inactive.email, user.email.toUpperCase()]) {
      const response = await requestReset(email);
      expect(response.statusCode).toBe(200);
      answers.push(response.body);
    }
    expect(new Set(answers).size).toBe(1);
    expect(JSON.parse(answers[0] ?? '{}')).toEqual({ detail: PASSWORD_RESET_REQUESTED_DETAIL });
    const mails = await smtp.waitFor(before + 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.messages.length).toBe(before + 1);
    expect(mails[before]?.to).toEqual([user.email]);
  });

  it('sends a Dutch or English mail whose link resets the password once and signs out every session', async () => {
    const { user } = await createMember(t.database.db, { language: 'en', firstName: 'Anna' });
    const session = await loginToken(t.app, user.username, TEST_PASSWORD);
    const { mail, token } = await resetTokenFor(user.email);
    expect(mail.raw).toContain('Subject: Reset your Leerzicht password');
    expect(decodeQuotedPrintable(mail.raw)).toContain(user.username);

    const [stored] = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(stored?.tokenHash).not.toBe(token);
    expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.expiresAt.getTime()).toBe(NOW.getTime() + 60 * 60_000);

    // Mismatched passwords: per-field error, and the link still works afterwards.
    const mismatch = await confirmReset({
      token,
      newPassword1: NEW_PASSWORD,
      newPassword2: 'iets heel anders',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ errors: { newPassword2: [ACCOUNT_ERRORS.passwordMismatch] } });

    const done = await confirmReset({ token, newPassword1: NEW_PASSWORD, newPassword2: NEW_PASSWORD });
    expect(done.statusCode).toBe(200);
    expect((await t.app.inject(authed(session, { method: 'GET', url: api('/profile/') }))).statusCode).toBe(
      401,
    );
    expect((await postLogin(t.app, { username: user.username, password: TEST_PASSWORD })).statusCode).toBe(
      400,
    );
    expect((await postLogin(t.app, { username: user.username, password: NEW_PASSWORD })).statusCode).toBe(
      200,
    );

    const twice = await confirmReset({
      token,
      newPassword1: 'nog een ander wachtwoord',
      newPassword2: 'nog een ander wachtwoord',
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ errors: { token: [ACCOUNT_ERRORS.resetTokenInvalid] } });
  });

  it('writes the mail in Dutch for a Dutch account', async () => {
    const { user } = await createMember(t.database.db, { language: 'nl' });
    const { mail } = await resetTokenFor(user.email);
    expect(mail.raw).toContain('Subject: Je wachtwoord voor Leerzicht opnieuw instellen');
    expect(decodeQuotedPrintable(mail.raw)).toContain('De link werkt één keer');
  });

  it('refuses a link after an hour', async () => {
    const { user } = await createMember(t.database.db);
    const { token } = await resetTokenFor(user.email);
    t.clock.now = new Date(NOW.getTime() + 61 * 60_000);
    const response = await confirmReset({ token, newPassword1: NEW_PASSWORD, newPassword2: NEW_PASSWORD });
    t.clock.now = NOW;
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: { token: [ACCOUNT_ERRORS.resetTokenInvalid] } });
    expect((await postLogin(t.app, { username: user.username, password: TEST_PASSWORD })).statusCode).toBe(
      200,
    );
  });

  it('retires earlier links once one is used', async () => {
    const { user } = await createMember(t.database.db);
    const first = await resetTokenFor(user.email);
    const second = await resetTokenFor(user.email);
    expect(
      (await confirmReset({ token: second.token, newPassword1: NEW_PASSWORD, newPassword2: NEW_PASSWORD }))
        .statusCode,
    ).toBe(200);
    const stale = await confirmReset({
      token: first.token,
      newPassword1: NEW_PASSWORD,
      newPassword2: NEW_PASSWORD,
    });
    expect(stale.statusCode).toBe(400);
  });

  it('still asks for the two-step code at the next login', async () => {
    const member = await createTotpMember(t.database.db, t.ctx.secretBox);
    const { token } = await resetTokenFor(member.user.email);
    expect(
      (await confirmReset({ token, newPassword1: NEW_PASSWORD, newPassword2: NEW_PASSWORD })).statusCode,
    ).toBe(200);
    const login = await postLogin(t.app, { username: member.user.username, password: NEW_PASSWORD });
    expect(login.json()).toMatchObject({ detail: LOGIN_MARKERS.totpRequired });
  });

  it('applies the password rules and gives per-field errors for bad input, changing nothing', async () => {
    const { user } = await createMember(t.database.db);
    const { token } = await resetTokenFor(user.email);
    const weak = await confirmReset({ token, newPassword1: 'qwertyuiop', newPassword2: 'qwertyuiop' });
    expect(weak.json()).toMatchObject({ errors: { newPassword1: [expect.any(String)] } });
    const missing = await confirmReset({ token });
    expect(Object.keys((missing.json() as { errors: object }).errors).sort()).toEqual([
      'newPassword1',
      'newPassword2',
    ]);
    const unknown = await confirmReset({
      token: 'made-up-token',
      newPassword1: 'kort',
      newPassword2: 'kort',
    });
    expect(Object.keys((unknown.json() as { errors: object }).errors).sort()).toEqual([
      'newPassword1',
      'token',
    ]);
    const noEmail = await t.app.inject({
      method: 'POST',
      url: api('/rest-auth/password/reset/'),
      payload: {},
    });
    expect(noEmail.statusCode).toBe(400);
    expect(Object.keys((noEmail.json() as { errors: object }).errors)).toEqual(['email']);
    expect((await postLogin(t.app, { username: user.username, password: TEST_PASSWORD })).statusCode).toBe(
      200,
    );
  });

  it('limits requests per address asked for, whether or not it has an account', async () => {
    for (const email of ['limited@nowhere.example', (await createMember(t.database.db)).user.email]) {
      for (let attempt = 0; attempt < LIMITS.resetPerEmail.max; attempt += 1) {
        expect((await requestReset(email, `10.7.${attempt}.1`)).statusCode).toBe(200);
      }
      const blocked = await requestReset(email, '10.7.9.9');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBe('3600');
    }
  });

  it('does not count requests refused for their address against the client address', async () => {
    const school = '10.8.0.1';
    for (let attempt = 0; attempt <= LIMITS.resetPerAddress.max; attempt += 1) {
      await requestReset('hammered@nowhere.example', school);
    }
    expect((await requestReset('colleague@nowhere.example', school)).statusCode).toBe(200);
  });
});
