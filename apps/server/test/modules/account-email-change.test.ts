import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_ERRORS, EMAIL_CHANGE_VALID_HOURS, profileSchema } from '@leerzicht/contract';
import { auditLog, emailChangeRequests, users } from '../../src/db/schema/index';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import { confirmPassword, createMember } from '../helpers/auth';
import { createUser } from '../helpers/factories';
import { signIn } from '../helpers/sign-in';
import type { MailMessage } from '../../src/platform/mail';

const NOW = new Date('2026-11-21T10:00:00Z');
const APP_URL = 'http://leerzicht.test';
const LINK = /http:\/\/leerzicht\.test\/accounts\/email\/confirm\/([\w-]+)\//;

// The recording mailer of the test app takes each message as it is handed over, before the answer is sent, so the
// test can count messages without waiting. Delivery over SMTP is tested with the password reset.
describe('changing the e-mail address needs the link mailed to the new address', () => {
  let t: TestApp;

  const patch = (token: string, payload: Record<string, unknown>) =>
    t.app.inject(authed(token, { method: 'PATCH', url: api('/rest-auth/user/'), payload }));
  const confirm = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: api('/rest-auth/user/email/confirm/'), payload });
  const storedEmail = async (id: number) =>
    (await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]?.email;
  const mailsTo = (address: string) => t.sentMail.filter((mail) => mail.to === address);
  const tokenFrom = (mail: MailMessage) => {
    const match = LINK.exec(mail.text);
    if (!match?.[1]) throw new Error('no confirmation link in the mail');
    return match[1];
  };
  const signedIn = async () => {
    const { user } = await createMember(t.database.db);
    const token = await signIn(t, user);
    await confirmPassword(t.app, token);
    return { user, token };
  };

  beforeAll(async () => {
    t = await createTestApp({ now: NOW, env: { APP_URL } });
  });
  afterAll(() => t.close());

  it('keeps the old address until the link is opened, tells the old address, then switches', async () => {
    const { user, token } = await signedIn();
    const newEmail = `nieuw-${user.id}@school.example`;
    const response = await patch(token, { email: newEmail });
    expect(response.statusCode).toBe(200);
    expect(profileSchema.parse(response.json())).toMatchObject({ email: user.email, pendingEmail: newEmail });
    expect(await storedEmail(user.id)).toBe(user.email);

    const [linkMail] = mailsTo(newEmail);
    const [notice] = mailsTo(user.email);
    if (!linkMail || !notice) throw new Error('expected a link mail and a notice');
    expect(notice.text).toContain(newEmail);
    expect(LINK.test(notice.text)).toBe(false);

    // Only the token's hash is stored.
    const token1 = tokenFrom(linkMail);
    const stored = await t.database.db
      .select()
      .from(emailChangeRequests)
      .where(eq(emailChangeRequests.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token1);

    const confirmed = await confirm({ token: token1 });
    expect(confirmed.statusCode).toBe(200);
    expect(await storedEmail(user.id)).toBe(newEmail);
    const profile = profileSchema.parse(
      (await t.app.inject(authed(token, { method: 'GET', url: api('/profile/') }))).json(),
    );
    expect(profile).toMatchObject({ email: newEmail, pendingEmail: null });
    expect(mailsTo(user.email)).toHaveLength(2);

    // The link works once.
    const again = await confirm({ token: token1 });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ errors: { token: [ACCOUNT_ERRORS.emailChangeInvalid] } });

    const actions = (
      await t.database.db.select().from(auditLog).where(eq(auditLog.actorUserId, user.id))
    ).map((row) => row.action);
    expect(actions).toEqual(
      expect.arrayContaining(['account.email_change_requested', 'account.email_changed']),
    );
  });

  it('answers the same whether or not the new address belongs to another account, and mails no link to it', async () => {
    const { user, token } = await signedIn();
    const other = await createUser(t.database.db);
    const free = `vrij-${user.id}@school.example`;
    const takenAnswer = await patch(token, { email: other.email });
    const freeAnswer = await patch(token, { email: free });
    expect(takenAnswer.statusCode).toBe(200);
    expect(freeAnswer.statusCode).toBe(200);
    const shape = (body: unknown) => {
      const profile = profileSchema.parse(body);
      return { ...profile, pendingEmail: profile.pendingEmail === null ? null : 'set' };
    };
    expect(shape(takenAnswer.json())).toEqual(shape(freeAnswer.json()));
    expect(mailsTo(other.email)).toHaveLength(0);
    expect(await storedEmail(other.id)).toBe(other.email);
  });

  it('asks for the password before anything is checked or stored', async () => {
    const { user } = await createMember(t.database.db);
    const token = await signIn(t, user);
    const other = await createUser(t.database.db);
    for (const email of [other.email, `vrij-${user.id}@school.example`]) {
      const response = await patch(token, { email });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        status: 400,
        detail: 'PASSWORD_CONFIRMATION_REQUIRED',
      });
    }
    const stored = await t.database.db
      .select()
      .from(emailChangeRequests)
      .where(eq(emailChangeRequests.userId, user.id));
    expect(stored).toHaveLength(0);
  });

  it('refuses an expired link, a superseded link and a link whose address was taken meanwhile', async () => {
    const { user, token } = await signedIn();
    const first = `eerste-${user.id}@school.example`;
    const second = `tweede-${user.id}@school.example`;
    expect((await patch(token, { email: first })).statusCode).toBe(200);
    expect((await patch(token, { email: second })).statusCode).toBe(200);
    const [firstMail] = mailsTo(first);
    const [secondMail] = mailsTo(second);
    if (!firstMail || !secondMail) throw new Error('expected two link mails');
    expect((await confirm({ token: tokenFrom(firstMail) })).statusCode).toBe(400);

    // Another account takes the second address before the link is opened.
    await createUser(t.database.db, { email: second.toUpperCase() });
    const taken = await confirm({ token: tokenFrom(secondMail) });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({ errors: { token: [ACCOUNT_ERRORS.emailTaken] } });
    expect(await storedEmail(user.id)).toBe(user.email);

    const third = `derde-${user.id}@school.example`;
    expect((await patch(token, { email: third })).statusCode).toBe(200);
    const [thirdMail] = mailsTo(third);
    if (!thirdMail) throw new Error('expected a link mail');
    const saved = t.clock.now;
    t.clock.now = new Date(saved.getTime() + EMAIL_CHANGE_VALID_HOURS * 3_600_000 + 1_000);
    try {
      expect((await confirm({ token: tokenFrom(thirdMail) })).statusCode).toBe(400);
    } finally {
      t.clock.now = saved;
    }
    expect(await storedEmail(user.id)).toBe(user.email);
  });
});
