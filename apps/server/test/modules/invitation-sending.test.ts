import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_ERRORS, createInvitationsResponseSchema } from '@leerzicht/contract';
import { auditLog, invitations } from '../../src/db/schema/index';
import { MAIL_NAME_MAX } from '../../src/modules/invitations/invitation-mail';
import { hashInvitationKey, newInvitationKey } from '../../src/modules/invitations/keys';
import { INVITATION_LIMITS, UNSENT_INVITATION_MS } from '../../src/modules/invitations/service';
import { api, authed, createTestApp, loginToken } from '../helpers/app';
import { TEST_PASSWORD, addMember, createSchool, createUser } from '../helpers/factories';
import { decodeQuotedPrintable, startSmtpServer, type LoopbackSmtpServer } from '../helpers/smtp';

const NOW = new Date('2026-11-21T10:00:00Z');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A school with a superuser on its own app; `smtp` when the test reads real mail. */
async function world(
  options: { smtp?: LoopbackSmtpServer; school?: string; inviter?: object; log?: string[] } = {},
) {
  const log = options.log;
  const t = await createTestApp({
    now: new Date(NOW),
    env: {
      ...(options.smtp ? { SMTP_URL: options.smtp.url, APP_URL: 'https://leerzicht.test' } : {}),
      ...(log ? { LOG_LEVEL: 'info' } : {}),
    },
    ...(log ? { logStream: { write: (line: string) => log.push(line) } } : {}),
  });
  const db = t.database.db;
  const school = await createSchool(db, options.school ? { name: options.school } : {});
  const inviter = await createUser(db, options.inviter ?? {});
  await addMember(db, school.id, inviter.id, { isSchoolSuperuser: true });
  const tokens = new Map<string, string>();
  const invite = async (emails: string[], as: string = inviter.username) => {
    const token = tokens.get(as) ?? (await loginToken(t.app, as, TEST_PASSWORD));
    tokens.set(as, token);
    return t.app.inject(
      authed(token, {
        method: 'POST',
        url: api('/person_invitation/'),
        payload: { schoolId: school.id, emails },
      }),
    );
  };
  const results = async (emails: string[], as?: string) => {
    const response = await invite(emails, as);
    expect(response.statusCode).toBe(200);
    return createInvitationsResponseSchema.parse(response.json()).invitations;
  };
  /** Moves the app clock on; sessions idle that long have ended, so everyone signs in again. */
  const later = (ms: number) => {
    t.clock.now = new Date(t.clock.now.getTime() + ms);
    tokens.clear();
  };
  const rowsFor = (email: string) => db.select().from(invitations).where(eq(invitations.email, email));
  return { t, db, school, inviter, invite, results, later, rowsFor };
}

const keyIn = (text: string) => /\/auth\/accept-invite\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? null;

describe('invitation e-mails: the text the inviter and the school control', () => {
  let smtp: LoopbackSmtpServer;
  let w: Awaited<ReturnType<typeof world>>;
  const longName = 'Jan'.repeat(200);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    w = await world({
      smtp,
      school: 'De Regenboog\r\nBcc: verzamel@aanvaller.example\r\n<b>',
      inviter: { firstName: '<a href="https://aanvaller.example">Klik</a>', lastName: `\n${longName}` },
    });
  });

  afterAll(async () => {
    await w.t.close();
    await smtp.close();
  });

  it('escapes names in the HTML part, keeps them to one short line and the subject to one header', async () => {
    expect((await w.results(['naam@example.org']))[0]?.errors).toEqual([]);
    const [mail] = await smtp.waitFor(1);
    if (!mail) throw new Error('no mail');
    expect(mail.to).toEqual(['naam@example.org']);
    // Folded header lines continue with white space; unfolded, each header is one line.
    const headers = mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n')).replace(/\r\n(?=[ \t])/g, '');
    expect(headers).not.toMatch(/^bcc:/im);
    expect(/^Subject: (.*)$/m.exec(headers)?.[1]).toBe(
      'Uitnodiging voor De Regenboog Bcc: verzamel@aanvaller.example <b> in Leerzicht',
    );

    const decoded = decodeQuotedPrintable(mail.raw);
    const html = decoded.slice(decoded.indexOf('<html'));
    expect(html).toContain('&lt;a href=&quot;https://aanvaller.example&quot;&gt;Klik&lt;/a&gt;');
    expect(html).not.toContain('<a href="https://aanvaller.example"');
    expect(html).not.toContain('<b>');
    expect(html).toContain(`href="https://leerzicht.test/auth/accept-invite/${keyIn(decoded)}"`);
    // The inviter's name is cut short (the full name is 600+ characters) and stays on one line.
    expect(decoded).not.toContain(longName);
    const textLine = decoded.split(/\r?\n/).find((line) => line.includes('nodigt je uit')) ?? '';
    expect(textLine).toMatch(/^<a href="https:\/\/aanvaller.example">Klik<\/a> [Jan]+… nodigt je uit/);
    expect(Array.from(textLine.slice(0, textLine.indexOf(' nodigt je uit')))).toHaveLength(MAIL_NAME_MAX);
  });
});

describe('invitations are stored, mailed and answered once', () => {
  let smtp: LoopbackSmtpServer;
  let w: Awaited<ReturnType<typeof world>>;
  const log: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpServer({ refuse: (address) => address.startsWith('weigert') });
    w = await world({ smtp, log });
  });

  afterAll(async () => {
    await w.t.close();
    await smtp.close();
  });

  it('records that the mail went out', async () => {
    const [result] = await w.results(['verstuurd@example.org']);
    expect(result?.errors).toEqual([]);
    await smtp.waitFor(1);
    const [row] = await w.rowsFor('verstuurd@example.org');
    expect(row?.mailSentAt).toEqual(NOW);
    expect(row?.id).toBe(result?.id);
  });

  it('answers a refused address as not sent, keeps no invitation for it and mails the others', async () => {
    const before = smtp.messages.length;
    const answer = await w.results(['een@example.org', 'weigert@example.org', 'twee@example.org']);
    expect(answer.map((row) => [row.email, row.errors])).toEqual([
      ['een@example.org', []],
      ['weigert@example.org', [INVITATION_ERRORS.mailFailed]],
      ['twee@example.org', []],
    ]);
    expect(answer[1]?.id).toBeUndefined();
    await smtp.waitFor(before + 2);
    expect(smtp.messages.slice(before).map((mail) => mail.to)).toEqual([
      ['een@example.org'],
      ['twee@example.org'],
    ]);
    expect(await w.rowsFor('weigert@example.org')).toEqual([]);
    // The failure is logged with the SMTP code, not the server's words (which name the address).
    const logged = log.join('');
    expect(logged).toContain('invitation mail could not be sent');
    expect(logged).toContain('"responseCode":550');
    expect(logged).not.toContain('weigert');
    for (const email of ['een@example.org', 'twee@example.org']) {
      expect((await w.rowsFor(email)).map((row) => row.mailSentAt)).toEqual([NOW]);
    }
  });

  it('mails one invitation when the same request arrives several times at once', async () => {
    const before = smtp.messages.length;
    const responses = await Promise.all(
      Array.from({ length: 4 }, () => w.invite(['Dubbel@example.org', 'dubbel@example.org '])),
    );
    const errors = responses
      .flatMap((response) => createInvitationsResponseSchema.parse(response.json()).invitations)
      .map((row) => row.errors)
      .sort((a, b) => a.length - b.length);
    expect(errors).toEqual([[], ...Array.from({ length: 7 }, () => [INVITATION_ERRORS.alreadyInvited])]);
    await smtp.waitFor(before + 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.messages.slice(before).map((mail) => mail.to)).toEqual([['dubbel@example.org']]);
    expect(await w.rowsFor('dubbel@example.org')).toHaveLength(1);
  });

  /** An invitation stored by a request that failed before its mail went out (or before it knew). */
  async function unsent(email: string, storedAt: Date) {
    const { key, keyHash } = newInvitationKey();
    const [row] = await w.db
      .insert(invitations)
      .values({
        schoolId: w.school.id,
        email,
        keyHash,
        invitedBy: w.inviter.id,
        createdAt: storedAt,
        expiresAt: new Date(storedAt.getTime() + 14 * DAY),
        mailSentAt: null,
      })
      .returning();
    if (!row) throw new Error('not stored');
    return { row, key };
  }

  it('does not mail an unsent invitation again while it is recent: its request may still be sending it', async () => {
    await unsent('bezig@example.org', new Date(NOW.getTime() - MINUTE));
    const before = smtp.messages.length;
    const [result] = await w.results(['bezig@example.org']);
    expect(result?.errors).toEqual([INVITATION_ERRORS.alreadyInvited]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.messages).toHaveLength(before);
  });

  it('mails a fresh link, once, for an invitation whose request died before its mail went out', async () => {
    const storedAt = new Date(NOW.getTime() - UNSENT_INVITATION_MS - MINUTE);
    const { row, key: oldKey } = await unsent('gestrand@example.org', storedAt);
    const before = smtp.messages.length;
    const [result] = await w.results(['gestrand@example.org']);
    expect(result).toEqual({ email: 'gestrand@example.org', errors: [], id: row.id });
    const mails = await smtp.waitFor(before + 1);
    const key = keyIn(decodeQuotedPrintable(mails[before]?.raw ?? ''));
    expect(key).not.toBeNull();
    expect(key).not.toBe(oldKey);
    const [stored] = await w.rowsFor('gestrand@example.org');
    expect(stored).toMatchObject({ id: row.id, keyHash: hashInvitationKey(key ?? ''), mailSentAt: NOW });
    expect(stored?.expiresAt.getTime()).toBe(NOW.getTime() + 14 * DAY);
    const read = (k: string) => w.t.app.inject({ method: 'GET', url: api(`/person_invitation/${k}`) });
    expect((await read(oldKey)).statusCode).toBe(404);
    expect((await read(key ?? '')).statusCode).toBe(200);

    const [again] = await w.results(['gestrand@example.org']);
    expect(again?.errors).toEqual([INVITATION_ERRORS.alreadyInvited]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.messages).toHaveLength(before + 1);
  });

  it('keeps the audit of each invitation it created', async () => {
    const [created] = await w.results(['audit@example.org']);
    const entries = await w.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(created?.id)));
    expect(entries.map((entry) => entry.action)).toEqual(['invitation.create']);
  });
});

describe('invitation rate limits', () => {
  let w: Awaited<ReturnType<typeof world>>;
  const addresses = (prefix: string, count: number) =>
    Array.from({ length: count }, (_, index) => `${prefix}-${index}@example.org`);

  beforeAll(async () => {
    w = await world();
  });

  afterAll(() => w.t.close());

  it('limits the addresses one inviter mails per hour: 429 with Retry-After, nothing stored or sent', async () => {
    const { max, windowMs } = INVITATION_LIMITS.perInviter;
    expect(windowMs).toBe(60 * MINUTE);
    for (let sent = 0; sent < max; sent += 50) {
      const answer = await w.results(addresses(`uur1-${sent}`, Math.min(50, max - sent)));
      expect(answer.every((row) => row.errors.length === 0)).toBe(true);
    }
    expect(w.t.sentMail).toHaveLength(max);
    const stored = await w.db.$count(invitations);

    const refused = await w.invite(['een-te-veel@example.org']);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBe(60 * 60);
    expect(await w.db.$count(invitations)).toBe(stored);
    expect(w.t.sentMail).toHaveLength(max);

    // Addresses that are refused anyway (invalid, already invited) are not mails and do not count.
    const notMailed = await w.results(['geen-adres', 'uur1-0-0@example.org']);
    expect(notMailed.map((row) => row.errors)).toEqual([
      [INVITATION_ERRORS.invalidEmail],
      [INVITATION_ERRORS.alreadyInvited],
    ]);

    w.later(60 * MINUTE);
    expect((await w.results(['volgend-uur@example.org']))[0]?.errors).toEqual([]);
  });

  it('limits the addresses all superusers of a school mail per day', async () => {
    const { max, windowMs } = INVITATION_LIMITS.perSchool;
    expect(windowMs).toBe(DAY);
    const colleague = await createUser(w.db);
    await addMember(w.db, w.school.id, colleague.id, { isSchoolSuperuser: true });
    // Every invitation so far went out today from this school.
    let sent = await w.db.$count(invitations);
    let sentThisHour = 0;
    while (sent < max) {
      if (sentThisHour === INVITATION_LIMITS.perInviter.max) {
        w.later(60 * MINUTE);
        sentThisHour = 0;
      }
      const batch = Math.min(50, max - sent, INVITATION_LIMITS.perInviter.max - sentThisHour);
      const answer = await w.results(addresses(`dag-${sent}`, batch), colleague.username);
      expect(answer.every((row) => row.errors.length === 0)).toBe(true);
      sent += batch;
      sentThisHour += batch;
    }
    const refused = await w.invite(['morgen@example.org'], colleague.username);
    expect(refused.statusCode).toBe(429);
    const midnight = Date.UTC(2026, 10, 22);
    expect(Number(refused.headers['retry-after'])).toBe(
      Math.ceil((midnight - w.t.clock.now.getTime()) / 1000),
    );
    // Another superuser of the same school is refused too; each address counts, not each request.
    expect((await w.invite(['ander@example.org'])).statusCode).toBe(429);
  });
});
