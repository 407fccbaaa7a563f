import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  UPLOAD_MAX_BYTES,
  uploadInviteTeachersResultSchema,
  uploadListSchema,
  uploadRefusalSchema,
} from '@leerzicht/contract';
import { auditLog, invitations, schools, uploads } from '../../src/db/schema/index';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import { addMember, createSchool, createUser } from '../helpers/factories';
import { rowCounts } from '../helpers/row-counts';
import { signIn } from '../helpers/sign-in';
import { multipartPayload } from '../helpers/ticketing';
import { edexmlFile, sendUpload, sha256 } from '../helpers/uploads';
import { buildFixtureSchool, fixture, type FixtureSchool } from '../fixtures/uploads/edexml/school';

/*
 * Who may upload (provider staff who are superusers of the school, in their own session: 404 for everyone else on
 * all four routes), the school information system link, the uploads list, the size limit and inviting the file's
 * teachers.
 */

let t: TestApp;
let dataDir: string;
let school: FixtureSchool;
let staffToken: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'lz-uploads-access-'));
  t = await createTestApp({ now: new Date('2025-11-20T10:00:00Z'), env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  school = await buildFixtureSchool(t.database.db, t.ctx.config.PROVIDER_DOMAIN);
  staffToken = await signIn(t, school.staff);
});

async function upload(
  token: string,
  kind: 'preview' | 'apply',
  file: Buffer,
  fields: Record<string, string> = {},
) {
  return sendUpload(t, token, school.schoolId, kind, edexmlFile(file), { kind: 'EDEXML', ...fields });
}

const list = (token: string, query = '') =>
  t.app.inject(authed(token, { method: 'GET', url: api(`/schools/${school.schoolId}/uploads/${query}`) }));

const invite = (token: string, emails: string[]) =>
  t.app.inject(
    authed(token, {
      method: 'POST',
      url: api('/uploads/invite_teachers/'),
      payload: { schoolId: school.schoolId, emails },
    }),
  );

describe('upload access', () => {
  it('answers 404 on every route to anyone but provider staff who are superusers of the school', async () => {
    const db = t.database.db;
    const domain = t.ctx.config.PROVIDER_DOMAIN;
    const superuser = await createUser(db);
    await addMember(db, school.schoolId, superuser.id, { isSchoolSuperuser: true });
    const staffElsewhere = await createUser(db, {
      email: `elsewhere-${school.schoolId}@${domain}`,
      isProviderStaff: true,
    });
    await addMember(db, (await createSchool(db)).id, staffElsewhere.id, { isSchoolSuperuser: true });
    const staffNotSuperuser = await createUser(db, {
      email: `member-${school.schoolId}@${domain}`,
      isProviderStaff: true,
    });
    await addMember(db, school.schoolId, staffNotSuperuser.id);
    // The staff flag without an address in the provider's domain is not staff.
    const flaggedOutsider = await createUser(db, { isProviderStaff: true });
    await addMember(db, school.schoolId, flaggedOutsider.id, { isSchoolSuperuser: true });
    const domainNoFlag = await createUser(db, { email: `noflag-${school.schoolId}@${domain}` });
    await addMember(db, school.schoolId, domainNoFlag.id, { isSchoolSuperuser: true });

    const file = fixture('valid.xml');
    const before = await rowCounts(db);
    for (const user of [superuser, staffElsewhere, staffNotSuperuser, flaggedOutsider, domainNoFlag]) {
      const token = await signIn(t, user);
      expect((await upload(token, 'preview', file)).statusCode, user.email).toBe(404);
      expect((await upload(token, 'apply', file, { sha256: sha256(file) })).statusCode, user.email).toBe(404);
      expect((await list(token)).statusCode, user.email).toBe(404);
      expect((await invite(token, ['kees.vandam@teachers.example'])).statusCode, user.email).toBe(404);
    }
    const after = await rowCounts(db);
    expect({ ...after, sessions: 0, audit_log: 0, user_settings: 0 }).toEqual({
      ...before,
      sessions: 0,
      audit_log: 0,
      user_settings: 0,
    });
    expect(t.sentMail).toHaveLength(0);

    // And without a session: 401.
    const anonymous = await t.app.inject({ method: 'GET', url: api(`/schools/${school.schoolId}/uploads/`) });
    expect(anonymous.statusCode).toBe(401);
    // The staff member who may: 200.
    expect((await list(staffToken)).statusCode).toBe(200);
  });

  it('audits previews as pupil-data writes of the school', async () => {
    const response = await upload(staffToken, 'preview', fixture('valid.xml'));
    expect(response.statusCode).toBe(200);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.schoolId, school.schoolId), eq(auditLog.action, 'pupil_data.write')));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.actorUserId).toBe(school.staff.id);
  });
});

describe('the school information system link', () => {
  it('refuses uploads while the link is inactive, changing nothing', async () => {
    const db = t.database.db;
    await db.update(schools).set({ isConnectionActive: false }).where(eq(schools.id, school.schoolId));
    const file = fixture('valid.xml');
    const before = await rowCounts(db);
    for (const kind of ['preview', 'apply'] as const) {
      const response = await upload(staffToken, kind, file, kind === 'apply' ? { sha256: sha256(file) } : {});
      expect(response.statusCode).toBe(400);
      expect(uploadRefusalSchema.parse(response.json()).code).toBe('connection_inactive');
    }
    const after = await rowCounts(db);
    expect({ ...after, audit_log: 0 }).toEqual({ ...before, audit_log: 0 });
    expect(await readdir(path.join(dataDir, 'upload-tmp'))).toEqual([]);
  });
});

describe('limits', () => {
  it('refuses a file over the size limit with 413 and keeps no copy', async () => {
    const before = await rowCounts(t.database.db);
    const response = await upload(staffToken, 'preview', Buffer.alloc(UPLOAD_MAX_BYTES + 1, 0x20));
    expect(response.statusCode).toBe(413);
    expect(uploadRefusalSchema.parse(response.json())).toMatchObject({
      code: 'file_too_large',
      values: { maxBytes: UPLOAD_MAX_BYTES },
    });
    expect(await readdir(path.join(dataDir, 'upload-tmp'))).toEqual([]);
    const after = await rowCounts(t.database.db);
    expect(after).toEqual(before);
  });

  it('answers 400 per field for a missing file or an unknown kind', async () => {
    const { payload, headers } = await multipartPayload({ kind: 'EDEXML' });
    const noFile = await t.app.inject(
      authed(staffToken, {
        method: 'POST',
        url: api(`/schools/${school.schoolId}/uploads/preview/`),
        payload,
        headers,
      }),
    );
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toMatchObject({ errors: { file: [expect.any(String)] } });
    const badKind = await upload(staffToken, 'preview', fixture('valid.xml'), { kind: 'PHOTOS' });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json()).toMatchObject({ errors: { kind: [expect.any(String)] } });
  });
});

describe('the uploads list', () => {
  it("lists the school's uploads newest first, paged, with who sent them", async () => {
    const file = fixture('valid.xml');
    t.clock.now = new Date('2025-11-20T10:00:00Z');
    expect((await upload(staffToken, 'apply', file, { sha256: sha256(file) })).statusCode).toBe(201);
    t.clock.now = new Date('2025-11-20T10:05:00Z');
    const dup = fixture('duplicate-pupil-key.xml');
    expect(
      (await upload(staffToken, 'apply', dup, { sha256: sha256(dup), skipRowErrors: 'true' })).statusCode,
    ).toBe(201);
    // Another school's upload is not listed.
    const other = await createSchool(t.database.db);
    await t.database.db.insert(uploads).values({
      schoolId: other.id,
      fileName: 'x.xml',
      contentType: 'application/xml',
      size: 1,
      kind: 'EDEXML',
    });

    const response = await list(staffToken);
    expect(response.statusCode).toBe(200);
    const page = uploadListSchema.parse(response.json());
    expect(page.count).toBe(2);
    expect(page.results.map((r) => [r.sha256, r.errorCount, r.createdAt])).toEqual([
      [sha256(dup), 1, '2025-11-20T10:05:00.000Z'],
      [sha256(file), 0, '2025-11-20T10:00:00.000Z'],
    ]);
    expect(page.results[0]?.uploadedBy).toBe(`${school.staff.firstName} ${school.staff.lastName}`);
    const second = uploadListSchema.parse((await list(staffToken, '?limit=1&offset=1')).json());
    expect(second.count).toBe(2);
    expect(second.results.map((r) => r.sha256)).toEqual([sha256(file)]);
  });
});

describe('inviting the file’s teachers', () => {
  it('invites the addresses without a membership, skips members, and audits it', async () => {
    const emails = ['kees.vandam@teachers.example', 'Anja.DeBoer@teachers.example', 'nieuw@teachers.example'];
    const response = await invite(staffToken, emails);
    expect(response.statusCode, response.body).toBe(200);
    // Anja is a member: skipped; Kees and the new address are invited.
    expect(uploadInviteTeachersResultSchema.parse(response.json())).toEqual({ invited: 2, skipped: 1 });
    expect(t.sentMail.map((mail) => mail.to).sort()).toEqual([
      'kees.vandam@teachers.example',
      'nieuw@teachers.example',
    ]);
    const stored = await t.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.schoolId, school.schoolId));
    expect(stored.map((row) => row.email).sort()).toEqual([
      'kees.vandam@teachers.example',
      'nieuw@teachers.example',
    ]);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.schoolId, school.schoolId), eq(auditLog.action, 'upload.invite_teachers')));
    expect(audit.map((row) => row.details)).toEqual([{ invited: 2, skipped: 1 }]);

    // Asked again: the open invitations are not mailed twice.
    const again = uploadInviteTeachersResultSchema.parse((await invite(staffToken, emails)).json());
    expect(again).toEqual({ invited: 0, skipped: 3 });
    expect(t.sentMail).toHaveLength(2);
  });
});
