import { expect } from 'vitest';
import type { invitations, schoolMemberships, users } from '../../src/db/schema/index';
import { api, authed, createTestApp, loginToken, type TestApp } from './app';
import { TEST_PASSWORD, addMember, createSchool, createUser } from './factories';
import { decodeQuotedPrintable, startSmtpServer, type LoopbackSmtpServer } from './smtp';

export const FIXTURE_NOW = new Date('2026-11-21T10:00:00Z');
export const NEW_PASSWORD = 'een lang wachtwoord';

/**
 * The invitation tests' world: the app with a loopback SMTP server, school A (two superusers, one of them
 * English-speaking, a teacher, a senco) and school B (a superuser and a member who can be invited to A).
 */
export async function createInvitationFixture() {
  const smtp: LoopbackSmtpServer = await startSmtpServer();
  const t: TestApp = await createTestApp({
    now: FIXTURE_NOW,
    env: { SMTP_URL: smtp.url, APP_URL: 'https://leerzicht.test' },
  });
  const db = t.database.db;
  const schoolA = await createSchool(db, { name: 'Basisschool De Regenboog' });
  const schoolB = await createSchool(db, { name: 'Basisschool B' });
  const superA = await createUser(db, { firstName: 'Anna', lastName: 'de Vries' });
  const superEn = await createUser(db, { firstName: 'Emma', lastName: 'Smith', language: 'en' });
  const teacher = await createUser(db);
  const senco = await createUser(db);
  const superB = await createUser(db);
  const other = await createUser(db, { email: 'Bestaand@Example.org' });
  await addMember(db, schoolA.id, superA.id, { isSchoolSuperuser: true });
  await addMember(db, schoolA.id, superEn.id, { isSchoolSuperuser: true });
  await addMember(db, schoolA.id, teacher.id);
  await addMember(db, schoolA.id, senco.id, { isSenco: true });
  await addMember(db, schoolB.id, superB.id, { isSchoolSuperuser: true });
  await addMember(db, schoolB.id, other.id);

  const ids = { schoolA: schoolA.id, schoolB: schoolB.id };
  const people = {
    superA: superA.username,
    superEn: superEn.username,
    teacher: teacher.username,
    senco: senco.username,
    superB: superB.username,
  };
  const existing = { username: other.username, email: other.email, id: other.id };

  const tokens: Record<string, string> = {};
  const tokenOf = async (username: string) =>
    (tokens[username] ??= await loginToken(t.app, username, TEST_PASSWORD));
  const count = (table: typeof invitations | typeof users | typeof schoolMemberships) =>
    t.database.db.$count(table);
  const invite = async (as: string, payload: object) =>
    t.app.inject(authed(await tokenOf(as), { method: 'POST', url: api('/person_invitation/'), payload }));

  /** Invites one address to school A, waits for its mail and answers the key from the link in it. */
  const inviteAndReadKey = async (
    email: string,
    options: { as?: string; isSchoolSuperuser?: boolean } = {},
  ) => {
    const before = smtp.messages.length;
    const response = await invite(options.as ?? people.superA, {
      schoolId: ids.schoolA,
      emails: [email],
      isSchoolSuperuser: options.isSchoolSuperuser ?? false,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ invitations: [{ email, errors: [] }] });
    const messages = await smtp.waitFor(before + 1);
    const mail = messages[before];
    if (!mail) throw new Error('no mail');
    const text = decodeQuotedPrintable(mail.raw);
    const key = /\/auth\/accept-invite\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
    if (!key) throw new Error(`no link in ${text}`);
    return { key, mail, text, id: (response.json() as { invitations: { id: number }[] }).invitations[0]?.id };
  };

  const read = (key: string) => t.app.inject({ method: 'GET', url: api(`/person_invitation/${key}`) });
  const accept = (key: string, payload: object) =>
    t.app.inject({ method: 'POST', url: api(`/person_invitation/${key}/accept/`), payload });
  const acceptPayload = (email: string) => ({
    email,
    firstName: 'Nieuwe',
    lastName: 'van Collega',
    password: NEW_PASSWORD,
    passwordConfirmation: NEW_PASSWORD,
  });

  return {
    t,
    smtp,
    ids,
    people,
    existing,
    teacherEmail: teacher.email,
    tokenOf,
    count,
    invite,
    inviteAndReadKey,
    read,
    accept,
    acceptPayload,
    close: async () => {
      await t.close();
      await smtp.close();
    },
  };
}

export type InvitationFixture = Awaited<ReturnType<typeof createInvitationFixture>>;
