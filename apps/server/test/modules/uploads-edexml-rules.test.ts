import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { UPLOAD_MAX_ROWS, uploadPreviewSchema, uploadRefusalSchema } from '@leerzicht/contract';
import { pupils, yearClasses } from '../../src/db/schema/index';
import { createTestApp, type TestApp } from '../helpers/app';
import { rowCounts } from '../helpers/row-counts';
import { signIn } from '../helpers/sign-in';
import { edexmlFile, sendUpload, sha256 } from '../helpers/uploads';
import {
  buildFixtureSchool,
  fixture,
  FIXTURE_YEAR,
  lineOf,
  type FixtureSchool,
} from '../fixtures/uploads/edexml/school';

/*
 * EDEXML rules beyond the fixture files: variants of valid.xml made here (each change named in its test) for
 * the row limit, another encoding, ECK-iD conflicts, group names, swapped group names and a returning pupil.
 */

const VALID = fixture('valid.xml').toString();

function variant(...changes: [string, string][]): string {
  let text = VALID;
  for (const [from, to] of changes) {
    if (!text.includes(from)) throw new Error(`not in valid.xml: ${from}`);
    text = text.replace(from, to);
  }
  return text;
}

let t: TestApp;
let dataDir: string;
let school: FixtureSchool;
let token: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'lz-uploads-rules-'));
  t = await createTestApp({ now: new Date('2025-11-20T10:00:00Z'), env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  school = await buildFixtureSchool(t.database.db, t.ctx.config.PROVIDER_DOMAIN);
  token = await signIn(t, school.staff);
});

async function send(kind: 'preview' | 'apply', file: Buffer, fields: Record<string, string> = {}) {
  return sendUpload(t, token, school.schoolId, kind, edexmlFile(file), { kind: 'EDEXML', ...fields });
}

async function preview(file: Buffer) {
  const response = await send('preview', file);
  expect(response.statusCode, response.body).toBe(200);
  return uploadPreviewSchema.parse(response.json());
}

const apply = (file: Buffer, fields: Record<string, string> = {}) =>
  send('apply', file, { sha256: sha256(file), ...fields });

describe('EDEXML rules', () => {
  it(`refuses more than ${UPLOAD_MAX_ROWS} rows`, async () => {
    const rows = '<groep key="x"/>\n'.repeat(UPLOAD_MAX_ROWS + 1);
    const file = Buffer.from(
      `<?xml version="1.0"?>\n<EDEX><school><schooljaar>2025-2026</schooljaar><brincode>07QT</brincode></school>\n<groepen>\n${rows}</groepen></EDEX>\n`,
    );
    const before = await rowCounts(t.database.db);
    const response = await send('preview', file);
    expect(response.statusCode).toBe(400);
    const refusal = uploadRefusalSchema.parse(response.json());
    expect(refusal).toMatchObject({ code: 'too_many_rows', values: { maxRows: UPLOAD_MAX_ROWS } });
    // The row past the limit is on line 4 + UPLOAD_MAX_ROWS (the groups start on line 4).
    expect(refusal.line).toBe(4 + UPLOAD_MAX_ROWS);
    expect({ ...(await rowCounts(t.database.db)), audit_log: 0 }).toEqual({ ...before, audit_log: 0 });
  });

  it('reads an ISO-8859-1 file by its declaration', async () => {
    const text = variant(
      ['encoding="UTF-8"', 'encoding="ISO-8859-1"'],
      ['<roepnaam>Daan</roepnaam>', '<roepnaam>Daniël</roepnaam>'],
    );
    const file = Buffer.from(text, 'latin1');
    expect(file.includes(Buffer.from('ë', 'utf8'))).toBe(false);
    const response = await apply(file);
    expect(response.statusCode, response.body).toBe(201);
    const [daan] = await t.database.db
      .select()
      .from(pupils)
      .where(and(eq(pupils.schoolId, school.schoolId), eq(pupils.externalKey, 'L001')));
    expect(daan?.firstName).toBe('Daniël');
  });

  it('refuses bytes that are not valid UTF-8 in a UTF-8 file', async () => {
    const file = Buffer.from(variant(['<roepnaam>Daan</roepnaam>', '<roepnaam>Daniël</roepnaam>']), 'latin1');
    const response = await send('preview', file);
    expect(response.statusCode).toBe(400);
    expect(uploadRefusalSchema.parse(response.json()).code).toBe('broken_xml');
  });

  it('reports a key and an ECK-iD of two different pupils, and does not mark either as left', async () => {
    // L001's row carries the ECK-iD of L099 (stored, not in the file).
    const text = variant(['test-eck-001', 'test-eck-099']);
    const result = await preview(Buffer.from(text));
    expect(result.errors).toEqual([
      expect.objectContaining({ code: 'key_eckid_conflict', line: lineOf(text, '<leerling key="L001"') }),
    ]);
    // L099 is named by the row (its ECK-iD), so nobody has left.
    expect(result.counts.pupilsLeft).toBe(0);
  });

  it('reports a new group whose name another group of the year has', async () => {
    const text = variant([
      '<groep key="GZON">\n      <naam>De Zon</naam>',
      '<groep key="GZON">\n      <naam>Groep 8</naam>',
    ]);
    const result = await preview(Buffer.from(text));
    expect(result.errors.map((e) => [e.code, e.line])).toEqual([
      ['group_name_in_use', lineOf(text, '<groep key="GZON">')],
      // Tess is in that group, so her row is left out too.
      ['group_not_imported', lineOf(text, '<groep key="GZON"/>')],
    ]);
  });

  it('lets two groups swap names', async () => {
    const text = variant(
      ['<naam>Groep 3</naam>', '<naam>Groep 6A</naam>'],
      ['<naam>Groep 6</naam>', '<naam>Groep 3</naam>'],
    );
    const response = await apply(Buffer.from(text));
    expect(response.statusCode, response.body).toBe(201);
    const groups = await t.database.db
      .select({ key: yearClasses.externalKey, name: yearClasses.name })
      .from(yearClasses)
      .where(and(eq(yearClasses.schoolId, school.schoolId), eq(yearClasses.calendarYear, FIXTURE_YEAR)));
    expect(groups).toEqual(
      expect.arrayContaining([
        { key: 'G3', name: 'Groep 6A' },
        { key: 'G6', name: 'Groep 3' },
      ]),
    );
  });

  it('brings back a pupil who was marked as left', async () => {
    const db = t.database.db;
    const id = school.pupilIds.get('L001') ?? 0;
    const base = await preview(fixture('valid.xml'));
    // L001 is unchanged in the fixture; marked as left, the same file changes him.
    await db.update(pupils).set({ dateLeft: '2025-10-01' }).where(eq(pupils.id, id));
    const result = await preview(fixture('valid.xml'));
    expect(result.counts.pupils).toEqual({
      add: base.counts.pupils?.add,
      change: (base.counts.pupils?.change ?? 0) + 1,
      unchanged: (base.counts.pupils?.unchanged ?? 0) - 1,
    });
    expect((await apply(fixture('valid.xml'))).statusCode).toBe(201);
    const [row] = await db.select().from(pupils).where(eq(pupils.id, id));
    expect(row?.dateLeft).toBeNull();
  });
});
