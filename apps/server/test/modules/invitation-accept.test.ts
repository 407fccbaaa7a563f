import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  INVITATION_ERRORS,
  PASSWORD_RULE_MESSAGES,
  acceptInvitationResponseSchema,
  createInvitationsResponseSchema,
  invitationSchema,
  profileSchema,
} from '@leerzicht/contract';
import { auditLog, invitations, schoolMemberships, users } from '../../src/db/schema/index';
import { api, authed, loginToken } from '../helpers/app';
import { TEST_PASSWORD, addMember, createUser } from '../helpers/factories';
import {
  FIXTURE_NOW as NOW,
  NEW_PASSWORD,
  createInvitationFixture,
  type InvitationFixture,
} from '../helpers/invitation-fixture';

const DAY = 24 * 60 * 60 * 1000;

describe('invitations: read and accept by the key from the e-mailed link', () => {
  let f: InvitationFixture;

  beforeAll(async () => {
    f = await createInvitationFixture();
  });

  afterAll(() => f.close());

  it('mails a working link: read the invitation, accept it, log in with the new account', async () => {
    const email = 'nieuwe.collega@example.org';
    const { key, mail, text, id } = await f.inviteAndReadKey(email);
    expect(mail.to).toEqual([email]);
    expect(text).toContain('Subject: Uitnodiging voor Basisschool De Regenboog in Leerzicht');
    expect(text).toContain('Anna de Vries nodigt je uit');
    expect(text).toContain(`https://leerzicht.test/auth/accept-invite/${key}`);
    const [stored] = await f.t.database.db.select().from(invitations).where(eq(invitations.email, email));
    expect(stored?.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.keyHash).not.toContain(key);
    expect(stored?.expiresAt.getTime()).toBe(NOW.getTime() + 14 * DAY);

    const read = await f.t.app.inject({ method: 'GET', url: api(`/person_invitation/${key}`) });
    expect(read.statusCode).toBe(200);
    expect(invitationSchema.parse(read.json())).toMatchObject({
      id,
      schoolId: f.ids.schoolA,
      schoolName: 'Basisschool De Regenboog',
      email,
      isSchoolSuperuser: false,
      accepted: false,
      existingAccount: false,
      username: null,
    });

    const accepted = await f.accept(key, f.acceptPayload(email));
    expect(accepted.statusCode).toBe(200);
    expect(acceptInvitationResponseSchema.parse(accepted.json())).toEqual({ username: email });
    const [audit] = await f.t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'invitation.accept'));
    expect(audit).toMatchObject({
      schoolId: f.ids.schoolA,
      entityId: String(id),
      details: { newAccount: true },
    });
    const token = await loginToken(f.t.app, email, NEW_PASSWORD);
    const profile = profileSchema.parse(
      (await f.t.app.inject(authed(token, { method: 'GET', url: api('/profile/') }))).json(),
    );
    expect(profile).toMatchObject({
      email,
      fullName: 'Nieuwe van Collega',
      isSchoolSuperuserOnAnySchool: false,
    });
    expect(profile.schools.map((school) => school.id)).toEqual([f.ids.schoolA]);

    const reread = invitationSchema.parse(
      (await f.t.app.inject({ method: 'GET', url: api(`/person_invitation/${key}`) })).json(),
    );
    expect(reread).toMatchObject({ accepted: true, username: email });
  });

  it('refuses a used key: no second account', async () => {
    const email = 'eenmalig@example.org';
    const { key } = await f.inviteAndReadKey(email);
    expect((await f.accept(key, f.acceptPayload(email))).statusCode).toBe(200);
    const usersBefore = await f.count(users);
    const replay = await f.accept(key, { ...f.acceptPayload(email), firstName: 'Tweede' });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ detail: 'This invitation has already been used.' });
    expect(await f.count(users)).toBe(usersBefore);
  });

  it('answers per-field errors on accept and changes nothing', async () => {
    const email = 'velden@example.org';
    const { key } = await f.inviteAndReadKey(email);
    const before = { users: await f.count(users), members: await f.count(schoolMemberships) };
    const cases: [object, string[]][] = [
      [{}, ['email', 'firstName', 'lastName', 'password', 'passwordConfirmation']],
      [{ ...f.acceptPayload(email), firstName: '  ', lastName: '' }, ['firstName', 'lastName']],
      [{ ...f.acceptPayload(email), password: 'kort', passwordConfirmation: 'kort' }, ['password']],
      [{ ...f.acceptPayload(email), passwordConfirmation: 'iets anders dan dat' }, ['passwordConfirmation']],
      [
        { ...f.acceptPayload(email), firstName: '', passwordConfirmation: 'iets anders dan dat' },
        ['firstName', 'passwordConfirmation'],
      ],
      [{ ...f.acceptPayload('ander@example.org') }, ['email']],
    ];
    for (const [payload, fields] of cases) {
      const response = await f.accept(key, payload);
      expect(response.statusCode).toBe(400);
      const body = response.json() as { errors: Record<string, string[]> };
      expect(Object.keys(body.errors).sort()).toEqual([...fields].sort());
    }
    const short = (
      await f.accept(key, { ...f.acceptPayload(email), password: 'kort', passwordConfirmation: 'kort' })
    ).json();
    expect(short).toMatchObject({ errors: { password: [PASSWORD_RULE_MESSAGES.tooShort] } });
    const common = await f.accept(key, {
      ...f.acceptPayload(email),
      password: '1234567890',
      passwordConfirmation: '1234567890',
    });
    expect(common.json()).toMatchObject({ errors: { password: [PASSWORD_RULE_MESSAGES.tooCommon] } });
    const personal = 'mijn velden wachtwoord';
    const own = await f.accept(key, {
      ...f.acceptPayload(email),
      password: personal,
      passwordConfirmation: personal,
    });
    expect(own.json()).toMatchObject({ errors: { password: [PASSWORD_RULE_MESSAGES.tooPersonal] } });
    expect(await f.count(users)).toBe(before.users);
    expect(await f.count(schoolMemberships)).toBe(before.members);
    const read = invitationSchema.parse(
      (await f.t.app.inject({ method: 'GET', url: api(`/person_invitation/${key}`) })).json(),
    );
    expect(read.accepted).toBe(false);
  });

  it('refuses an expired key and an unknown key', async () => {
    const email = 'te-laat@example.org';
    const { key } = await f.inviteAndReadKey(email);
    f.t.clock.now = new Date(NOW.getTime() + 15 * DAY);
    try {
      const read = await f.t.app.inject({ method: 'GET', url: api(`/person_invitation/${key}`) });
      expect(read.statusCode).toBe(404);
      expect((read.json() as { detail: string }).detail).toMatch(/expired/);
      const usersBefore = await f.count(users);
      expect((await f.accept(key, f.acceptPayload(email))).statusCode).toBe(404);
      expect(await f.count(users)).toBe(usersBefore);
      // An expired invitation no longer blocks a new one (a fresh session: the old one ended meanwhile).
      const token = await loginToken(f.t.app, f.people.superA, TEST_PASSWORD);
      const payload = { schoolId: f.ids.schoolA, emails: [email] };
      const again = createInvitationsResponseSchema.parse(
        (
          await f.t.app.inject(authed(token, { method: 'POST', url: api('/person_invitation/'), payload }))
        ).json(),
      );
      expect(again.invitations[0]?.errors).toEqual([]);
    } finally {
      f.t.clock.now = NOW;
    }
    const unknown = await f.t.app.inject({ method: 'GET', url: api('/person_invitation/bestaat-niet') });
    expect(unknown.statusCode).toBe(404);
    expect((await f.accept('bestaat-niet', f.acceptPayload(email))).statusCode).toBe(404);
  });

  it('lets an existing account join the school with its own password, as superuser when invited so', async () => {
    const { key, text } = await f.inviteAndReadKey(f.existing.email.toLowerCase(), {
      isSchoolSuperuser: true,
    });
    expect(text).toContain('bestaande Leerzicht-account');
    const read = invitationSchema.parse(
      (await f.t.app.inject({ method: 'GET', url: api(`/person_invitation/${key}`) })).json(),
    );
    expect(read).toMatchObject({ existingAccount: true, isSchoolSuperuser: true });

    const usersBefore = await f.count(users);
    const wrong = await f.accept(key, f.acceptPayload(f.existing.email));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ errors: { password: [INVITATION_ERRORS.existingAccountPassword] } });

    const joined = await f.accept(key, {
      ...f.acceptPayload(f.existing.email),
      password: TEST_PASSWORD,
      passwordConfirmation: TEST_PASSWORD,
    });
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toEqual({ username: f.existing.username });
    expect(await f.count(users)).toBe(usersBefore);
    const token = await loginToken(f.t.app, f.existing.username, TEST_PASSWORD);
    const profile = profileSchema.parse(
      (await f.t.app.inject(authed(token, { method: 'GET', url: api('/profile/') }))).json(),
    );
    expect(profile.schools.map((school) => [school.id, school.isSchoolSuperuser]).sort()).toEqual(
      [
        [f.ids.schoolA, true],
        [f.ids.schoolB, false],
      ].sort(),
    );
  });

  it('limits wrong passwords for an existing account per invitation (429 with Retry-After)', async () => {
    const db = f.t.database.db;
    const member = await createUser(db, { email: 'gelimiteerd@example.org' });
    await addMember(db, f.ids.schoolB, member.id);
    const { key } = await f.inviteAndReadKey(member.email);
    const wrong = f.acceptPayload(member.email);
    for (let attempt = 0; attempt < 10; attempt += 1)
      expect((await f.accept(key, wrong)).statusCode).toBe(400);
    const limited = await f.accept(key, {
      ...wrong,
      password: TEST_PASSWORD,
      passwordConfirmation: TEST_PASSWORD,
    });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    f.t.clock.now = new Date(NOW.getTime() + 20 * 60 * 1000);
    try {
      const ok = await f.accept(key, {
        ...wrong,
        password: TEST_PASSWORD,
        passwordConfirmation: TEST_PASSWORD,
      });
      expect(ok.json()).toEqual({ username: member.username });
    } finally {
      f.t.clock.now = NOW;
    }
  });
});
