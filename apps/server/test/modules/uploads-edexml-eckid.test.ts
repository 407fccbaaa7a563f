import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import {
  fullName,
  replaceEckIdsField,
  uploadPreviewSchema,
  uploadRecordSchema,
  uploadRefusalSchema,
  type UploadEckIdConflict,
} from '@leerzicht/contract';
import { auditLog, pupils, uploads } from '../../src/db/schema/index';
import { createTestApp, type TestApp } from '../helpers/app';
import { signIn } from '../helpers/sign-in';
import { edexmlFile, sendUpload, sha256 } from '../helpers/uploads';
import {
  buildFixtureSchool,
  edexmlTables,
  FILE_PUPILS,
  fixture,
  lineOf,
  STORED_PUPILS,
  type FixtureSchool,
} from '../fixtures/uploads/edexml/school';

/*
 * ECK-iD conflicts in EDEXML uploads (docs/uploads/edexml.md): a known pupil key with another ECK-iD than the stored
 * one is listed in the preview and replaced only for the pupils the apply confirms; the rest of the file applies
 * either way. Confirming a key that is no conflict of the file is refused and changes nothing. The files are
 * valid.xml with the ECK-iDs named in each test.
 */

const eck = (n: string) => `https://ketenid.nl/201703/test-eck-${n}`;

/** valid.xml (real EDEXML 2.1: no namespace on its root) with the given ECK-iDs per pupil key. */
function edexml(eckIds: Record<string, string> = {}): string {
  let text = fixture('valid.xml').toString();
  for (const [key, eckId] of Object.entries(eckIds)) {
    const from = new RegExp(`<leerling key="${key}" eckid="[^"]*">`);
    if (!from.test(text)) throw new Error(`no pupil ${key} in valid.xml`);
    text = text.replace(from, `<leerling key="${key}" eckid="${eckId}">`);
  }
  return text;
}

function storedPupil(key: string) {
  const pupil = STORED_PUPILS.find((p) => p.key === key);
  if (!pupil) throw new Error(`no stored pupil ${key}`);
  return pupil;
}

/** The conflict the preview must list for a row of `text` whose key is stored with another ECK-iD. */
function conflict(text: string, key: string, fileEckId: string, kind: UploadEckIdConflict['kind']) {
  const stored = storedPupil(key);
  return {
    line: lineOf(text, `<leerling key="${key}"`),
    key,
    name: fullName(stored),
    storedEckId: stored.eckId,
    fileEckId,
    kind,
  };
}

let t: TestApp;
let dataDir: string;
let school: FixtureSchool;
let token: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'lz-uploads-eckid-'));
  t = await createTestApp({
    now: new Date('2025-11-20T10:00:00Z'),
    env: { DATA_DIR: dataDir, LOG_LEVEL: 'error' },
  });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  school = await buildFixtureSchool(t.database.db, t.ctx.config.PROVIDER_DOMAIN);
  token = await signIn(t, school.staff);
});

const send = (kind: 'preview' | 'apply', text: string, fields: Record<string, string> = {}) =>
  sendUpload(t, token, school.schoolId, kind, edexmlFile(Buffer.from(text)), { kind: 'EDEXML', ...fields });

async function preview(text: string) {
  const response = await send('preview', text);
  expect(response.statusCode, response.body).toBe(200);
  return uploadPreviewSchema.parse(response.json());
}

async function apply(text: string, confirmed?: string[], fields: Record<string, string> = {}) {
  const extra: Record<string, string> =
    confirmed === undefined ? {} : { replaceEckIds: replaceEckIdsField(confirmed) };
  return send('apply', text, { sha256: sha256(Buffer.from(text)), ...extra, ...fields });
}

async function applied(text: string, confirmed?: string[]) {
  const response = await apply(text, confirmed);
  expect(response.statusCode, response.body).toBe(201);
  return uploadRecordSchema.parse(response.json());
}

async function eckIdOf(key: string) {
  const [row] = await t.database.db
    .select({ eckId: pupils.eckId, prefix: pupils.lastNamePrefix })
    .from(pupils)
    .where(and(eq(pupils.schoolId, school.schoolId), eq(pupils.externalKey, key)));
  if (!row) throw new Error(`no pupil ${key}`);
  return row;
}

const uploadCount = async () =>
  (await t.database.db.select().from(uploads).where(eq(uploads.schoolId, school.schoolId))).length;

describe('EDEXML ECK-iD conflicts', () => {
  it('lists a known key with another ECK-iD per pupil, counts as if none is confirmed, and changes nothing', async () => {
    // L001 is stored exactly as in the file apart from this ECK-iD; L002 also lacks the particle.
    const text = edexml({ L001: eck('901'), L002: eck('902') });
    const tablesBefore = await edexmlTables(t.database.db, school.schoolId);
    const result = await preview(text);
    expect(result.errors).toEqual([]);
    expect(result.eckIdConflicts).toEqual([
      conflict(text, 'L001', eck('901'), 'changed'),
      conflict(text, 'L002', eck('902'), 'changed'),
    ]);
    expect(result.eckIdConflictCount).toBe(2);
    // Unconfirmed conflicts change nothing, so the counts are those of the file with the stored ECK-iDs.
    expect(result.counts).toEqual((await preview(edexml())).counts);
    expect(await edexmlTables(t.database.db, school.schoolId)).toEqual(tablesBefore);
  });

  it('keeps the stored ECK-iD without confirmation, applies the rest, and the same file again changes nothing', async () => {
    const text = edexml({ L001: eck('901'), L002: eck('902') });
    const expectedCounts = (await preview(text)).counts;
    const first = await applied(text);
    expect(first.counts).toEqual(expectedCounts);
    expect(await eckIdOf('L001')).toEqual({ eckId: storedPupil('L001').eckId, prefix: 'de' });
    // L002's particle comes from the file; its ECK-iD stays the stored one.
    expect(await eckIdOf('L002')).toEqual({ eckId: storedPupil('L002').eckId, prefix: 'van der' });

    const tables = await edexmlTables(t.database.db, school.schoolId);
    const second = await applied(text);
    expect(second.counts.pupils).toMatchObject({ add: 0, change: 0 });
    expect(second.counts.groups).toMatchObject({ add: 0, change: 0 });
    expect(await edexmlTables(t.database.db, school.schoolId)).toEqual(tables);
    expect((await preview(text)).eckIdConflicts.map((c) => c.key)).toEqual(['L001', 'L002']);
  });

  it('replaces the ECK-iD of the confirmed pupils only, and audits how many', async () => {
    const text = edexml({ L001: eck('901'), L002: eck('902') });
    const unconfirmed = (await preview(text)).counts.pupils;
    if (!unconfirmed) throw new Error('no pupil counts');
    const record = await applied(text, ['L001']);
    expect(await eckIdOf('L001')).toMatchObject({ eckId: eck('901') });
    expect(await eckIdOf('L002')).toMatchObject({ eckId: storedPupil('L002').eckId });
    // L001 had no other change: the confirmed ECK-iD makes it one.
    expect(record.counts.pupils).toEqual({
      ...unconfirmed,
      change: unconfirmed.change + 1,
      unchanged: unconfirmed.unchanged - 1,
    });
    const [audit] = await t.database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.schoolId, school.schoolId), eq(auditLog.action, 'upload.apply')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit?.details).toMatchObject({ eckIdsReplaced: 1 });

    // Now only L002's conflict is left, and the same file without confirmations changes nothing.
    // The name is the stored one, and the first apply gave L002 the file's particle.
    const again = await preview(text);
    const emma = FILE_PUPILS.find((p) => p.key === 'L002');
    if (!emma) throw new Error('no L002 in the file');
    expect(again.eckIdConflicts).toEqual([
      { ...conflict(text, 'L002', eck('902'), 'changed'), name: fullName(emma) },
    ]);
    const tables = await edexmlTables(t.database.db, school.schoolId);
    expect((await applied(text)).counts.pupils).toMatchObject({ add: 0, change: 0 });
    expect(await edexmlTables(t.database.db, school.schoolId)).toEqual(tables);
  });

  it('lists an ECK-iD of another stored pupil as a conflict that cannot be confirmed (the row is left out)', async () => {
    // L003's row carries L099's ECK-iD (stored, not in the file).
    const text = edexml({ L001: eck('901'), L003: storedPupil('L099').eckId });
    const result = await preview(text);
    expect(result.eckIdConflicts).toEqual([
      conflict(text, 'L001', eck('901'), 'changed'),
      conflict(text, 'L003', storedPupil('L099').eckId, 'held_by_other'),
    ]);
    expect(result.errors).toEqual([
      expect.objectContaining({ code: 'key_eckid_conflict', line: lineOf(text, '<leerling key="L003"') }),
    ]);
  });

  it.each([
    ['a key without a conflict', ['L004']],
    ['a key that is not in the file', ['L001', 'ONBEKEND']],
    ['a conflict with an ECK-iD of another pupil', ['L003']],
  ])('refuses to confirm %s (400 per field) and changes nothing', async (_what, keys) => {
    const text = edexml({ L001: eck('901'), L003: storedPupil('L099').eckId });
    const tables = await edexmlTables(t.database.db, school.schoolId);
    const uploadsBefore = await uploadCount();
    const response = await apply(text, keys, { skipRowErrors: 'true' });
    expect(response.statusCode, response.body).toBe(400);
    const wrong = keys.filter((key) => key !== 'L001');
    expect(uploadRefusalSchema.parse(response.json())).toMatchObject({
      code: 'not_an_eckid_conflict',
      values: { key: wrong[0], count: wrong.length },
      errors: { replaceEckIds: wrong.map((key) => expect.stringContaining(`"${key}"`)) },
    });
    expect(await edexmlTables(t.database.db, school.schoolId)).toEqual(tables);
    expect(await uploadCount()).toBe(uploadsBefore);
  });

  it('refuses a confirmation field that is not a JSON list of keys', async () => {
    const text = edexml({ L001: eck('901') });
    const response = await apply(text, undefined, { replaceEckIds: 'L001' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: { replaceEckIds: [expect.any(String)] } });
    expect(await eckIdOf('L001')).toMatchObject({ eckId: storedPupil('L001').eckId });
  });

  it('sets an ECK-iD where none was stored without asking', async () => {
    await t.database.db
      .update(pupils)
      .set({ eckId: null })
      .where(and(eq(pupils.schoolId, school.schoolId), eq(pupils.externalKey, 'L002')));
    const text = edexml();
    const result = await preview(text);
    expect(result.eckIdConflicts).toEqual([]);
    expect(result.eckIdConflictCount).toBe(0);
    await applied(text);
    expect(await eckIdOf('L002')).toMatchObject({ eckId: eck('002') });
  });
});
