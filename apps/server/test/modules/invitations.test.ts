import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_ERRORS, createInvitationsResponseSchema, invitationSchema } from '@leerzicht/contract';
import { invitations } from '../../src/db/schema/index';
import { api, authed, createTestApp } from '../helpers/app';
import { addMember, createSchool, createUser } from '../helpers/factories';
import {
  FIXTURE_NOW as NOW,
  createInvitationFixture,
  type InvitationFixture,
} from '../helpers/invitation-fixture';
import { startSmtpServer } from '../helpers/smtp';
import { signIn } from '../helpers/sign-in';

describe('invitations: invite by e-mail, withdraw and update (superusers)', () => {
  let f: InvitationFixture;

  beforeAll(async () => {
    f = await createInvitationFixture();
  });

  afterAll(() => f.close());

  it('refuses every superuser call without a session (401)', async () => {
    const calls = [
      {
        method: 'POST' as const,
        url: api('/person_invitation/'),
        payload: { schoolId: f.ids.schoolA, emails: ['a@b.nl'] },
      },
      { method: 'POST' as const, url: api('/person_invitation/remove/'), payload: { id: 1 } },
      { method: 'PATCH' as const, url: api('/person_invitation/1'), payload: { isSchoolSuperuser: true } },
    ];
    for (const call of calls) expect((await f.t.app.inject(call)).statusCode).toBe(401);
  });

  it('lets only superusers invite: 403 for teachers and sencos, 404 for another school', async () => {
    const before = await f.count(invitations);
    const payload = { schoolId: f.ids.schoolA, emails: ['iemand@example.org'] };
    expect((await f.invite(f.people.teacher, payload)).statusCode).toBe(403);
    expect((await f.invite(f.people.senco, payload)).statusCode).toBe(403);
    expect((await f.invite(f.people.superB, payload)).statusCode).toBe(404);
    expect((await f.invite(f.people.superA, { ...payload, schoolId: 999_999 })).statusCode).toBe(404);
    expect(await f.count(invitations)).toBe(before);
  });

  it('answers per-field errors for a malformed request and stores nothing', async () => {
    const before = await f.count(invitations);
    for (const payload of [
      { schoolId: f.ids.schoolA },
      { schoolId: f.ids.schoolA, emails: [] },
      { schoolId: 'x', emails: ['a@b.nl'] },
    ]) {
      const response = await f.invite(f.people.superA, payload);
      expect(response.statusCode).toBe(400);
      expect(Object.keys((response.json() as { errors: object }).errors).length).toBeGreaterThan(0);
    }
    expect(await f.count(invitations)).toBe(before);
  });

  it('answers errors per address: invalid, already a member, already invited', async () => {
    const before = await f.count(invitations);
    const mailsBefore = f.smtp.messages.length;
    const response = await f.invite(f.people.superA, {
      schoolId: f.ids.schoolA,
      emails: ['geen-adres', f.teacherEmail.toUpperCase(), 'los@example.org', ' LOS@example.org '],
    });
    expect(response.statusCode).toBe(200);
    const body = createInvitationsResponseSchema.parse(response.json());
    expect(body.invitations.map((row) => row.errors)).toEqual([
      [INVITATION_ERRORS.invalidEmail],
      [INVITATION_ERRORS.alreadyMember],
      [],
      [INVITATION_ERRORS.alreadyInvited],
    ]);
    expect(body.invitations[2]?.id).toEqual(expect.any(Number));
    expect(await f.count(invitations)).toBe(before + 1);
    await f.smtp.waitFor(mailsBefore + 1);
    const again = createInvitationsResponseSchema.parse(
      (await f.invite(f.people.superA, { schoolId: f.ids.schoolA, emails: ['los@example.org'] })).json(),
    );
    expect(again.invitations[0]?.errors).toEqual([INVITATION_ERRORS.alreadyInvited]);
    expect(f.smtp.messages).toHaveLength(mailsBefore + 1);
  });

  it('writes the e-mail in English when the inviter uses English', async () => {
    const { text } = await f.inviteAndReadKey('english@example.org', { as: f.people.superEn });
    expect(text).toContain('Subject: Invitation to join Basisschool De Regenboog on Leerzicht');
    expect(text).toContain('Emma Smith invites you');
  });

  it('updates the superuser flag of an open invitation (superusers of that school only)', async () => {
    const { key, id } = await f.inviteAndReadKey('bijwerken@example.org');
    const patch = async (as: string, payload: object, invitationId = id) =>
      f.t.app.inject(
        authed(await f.tokenOf(as), {
          method: 'PATCH',
          url: api(`/person_invitation/${invitationId}`),
          payload,
        }),
      );
    expect((await patch(f.people.teacher, { isSchoolSuperuser: true })).statusCode).toBe(403);
    expect((await patch(f.people.superB, { isSchoolSuperuser: true })).statusCode).toBe(404);
    expect((await patch(f.people.superA, { isSchoolSuperuser: true }, 999_999)).statusCode).toBe(404);
    const bad = await patch(f.people.superA, { isSchoolSuperuser: 'ja' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: { isSchoolSuperuser: [expect.any(String)] } });
    const read = () => f.t.app.inject({ method: 'GET', url: api(`/person_invitation/${key}`) });
    expect(invitationSchema.parse((await read()).json()).isSchoolSuperuser).toBe(false);
    const ok = await patch(f.people.superA, { isSchoolSuperuser: true });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id, isSchoolSuperuser: true, accepted: false });
    expect(invitationSchema.parse((await read()).json()).isSchoolSuperuser).toBe(true);
  });

  it('withdraws an open invitation (superusers of that school only); its key stops working', async () => {
    const { key, id } = await f.inviteAndReadKey('intrekken@example.org');
    const remove = async (as: string, payload: object) =>
      f.t.app.inject(
        authed(await f.tokenOf(as), { method: 'POST', url: api('/person_invitation/remove/'), payload }),
      );
    const before = await f.count(invitations);
    expect((await remove(f.people.teacher, { id })).statusCode).toBe(403);
    expect((await remove(f.people.superB, { id })).statusCode).toBe(404);
    expect((await remove(f.people.superA, { id: 999_999 })).statusCode).toBe(404);
    expect((await remove(f.people.superA, {})).statusCode).toBe(400);
    expect(await f.count(invitations)).toBe(before);
    const ok = await remove(f.people.superA, { id });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id });
    expect(await f.count(invitations)).toBe(before - 1);
    expect((await f.t.app.inject({ method: 'GET', url: api(`/person_invitation/${key}`) })).statusCode).toBe(
      404,
    );
  });

  it('keeps an accepted invitation: it cannot be withdrawn or changed any more', async () => {
    const email = 'al-binnen@example.org';
    const { key, id } = await f.inviteAndReadKey(email);
    expect((await f.accept(key, f.acceptPayload(email))).statusCode).toBe(200);
    const token = await f.tokenOf(f.people.superA);
    const removed = await f.t.app.inject(
      authed(token, { method: 'POST', url: api('/person_invitation/remove/'), payload: { id } }),
    );
    expect(removed.statusCode).toBe(400);
    const patched = await f.t.app.inject(
      authed(token, {
        method: 'PATCH',
        url: api(`/person_invitation/${id}`),
        payload: { isSchoolSuperuser: true },
      }),
    );
    expect(patched.statusCode).toBe(400);
  });
});

describe('invitations when the mail server cannot be reached', () => {
  it('reports the address and keeps no invitation', async () => {
    const closed = await startSmtpServer();
    const url = closed.url;
    await closed.close();
    const t = await createTestApp({ now: NOW, env: { SMTP_URL: url } });
    try {
      const school = await createSchool(t.database.db);
      const superuser = await createUser(t.database.db);
      await addMember(t.database.db, school.id, superuser.id, { isSchoolSuperuser: true });
      const token = await signIn(t, superuser);
      const response = await t.app.inject(
        authed(token, {
          method: 'POST',
          url: api('/person_invitation/'),
          payload: { schoolId: school.id, emails: ['x@example.org'] },
        }),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        invitations: [{ email: 'x@example.org', errors: [INVITATION_ERRORS.mailFailed] }],
      });
      expect(await t.database.db.$count(invitations)).toBe(0);
    } finally {
      await t.close();
    }
  });
});
