import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  uploadPreviewSchema,
  uploadRecordSchema,
  uploadRefusalSchema,
  type UploadCount,
} from '@leerzicht/contract';
import {
  auditLog,
  pupils,
  teacherGroupPermissions,
  uploads,
  yearClassPupils,
  yearClasses,
} from '../../src/db/schema/index';
import { createTestApp, type TestApp } from '../helpers/app';
import { rowCounts } from '../helpers/row-counts';
import { signIn } from '../helpers/sign-in';
import { edexmlFile, sendUpload, sha256 } from '../helpers/uploads';
import {
  buildFixtureSchool,
  edexmlTables,
  FILE_GROUPS,
  FILE_PUPILS,
  FILE_TEACHERS,
  FIXTURE_YEAR,
  fixture,
  lineOf,
  STORED_GROUPS,
  STORED_PUPILS,
  type FixtureSchool,
} from '../fixtures/uploads/edexml/school';

/*
 * EDEXML uploads end to end through the API on a real database: the preview's counts against what the test
 * works out from the rows it inserted and the fixture's description, apply and the rows it leaves, the same file
 * twice, bad files (refused or with row errors, changing nothing), and the hash check.
 */

const NOW = new Date('2025-11-20T10:00:00Z');

let t: TestApp;
let dataDir: string;
let school: FixtureSchool;
let token: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'lz-uploads-'));
  t = await createTestApp({ now: NOW, env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  school = await buildFixtureSchool(t.database.db, t.ctx.config.PROVIDER_DOMAIN);
  token = await signIn(t, school.staff);
});

async function send(
  kind: 'preview' | 'apply',
  file: Buffer,
  fields: Record<string, string> = {},
  name = 'leerlingen.xml',
) {
  return sendUpload(t, token, school.schoolId, kind, edexmlFile(file, name), { kind: 'EDEXML', ...fields });
}

async function preview(file: Buffer) {
  const response = await send('preview', file);
  expect(response.statusCode, response.body).toBe(200);
  return uploadPreviewSchema.parse(response.json());
}

async function apply(file: Buffer, fields: Record<string, string> = {}) {
  return send('apply', file, { sha256: sha256(file), ...fields });
}

/**
 * What valid.xml must do to the school as buildFixtureSchool leaves it, worked out here from the fixture's
 * description and the stored rows: pupils matched on key or ECK-iD, compared field by field and by their one
 * group of the year; groups by key within 2025; members among the teachers who lack a group of theirs.
 */
function expectedCounts() {
  const pupils: UploadCount = { add: 0, change: 0, unchanged: 0 };
  for (const filePupil of FILE_PUPILS) {
    const stored = STORED_PUPILS.find((p) => p.key === filePupil.key || p.eckId === filePupil.eckId);
    if (!stored) {
      pupils.add += 1;
      continue;
    }
    const thisYear = stored.enrolments.filter(([, year]) => year === FIXTURE_YEAR);
    const samePlace =
      thisYear.length === 1 && thisYear[0]?.[0] === filePupil.group && thisYear[0][2] === filePupil.grade;
    const sameFields = (
      ['key', 'eckId', 'firstName', 'lastNamePrefix', 'lastName', 'dateOfBirth', 'gender'] as const
    ).every((field) => stored[field] === filePupil[field]);
    if (samePlace && sameFields) pupils.unchanged += 1;
    else pupils.change += 1;
  }
  const groups: UploadCount = { add: 0, change: 0, unchanged: 0 };
  for (const group of FILE_GROUPS) {
    const stored = STORED_GROUPS.find(([key, year]) => key === group.key && year === FIXTURE_YEAR);
    const grade = /^\d$/.test(group.code)
      ? Number(group.code)
      : Math.max(...FILE_PUPILS.filter((p) => p.group === group.key).map((p) => p.grade));
    if (!stored) groups.add += 1;
    else if (stored[2] !== group.name || stored[3] !== grade) groups.change += 1;
    else groups.unchanged += 1;
  }
  const inFile = (p: (typeof STORED_PUPILS)[number]) =>
    FILE_PUPILS.some((f) => f.key === p.key || f.eckId === p.eckId);
  const pupilsLeft = STORED_PUPILS.filter(
    (p) => p.enrolments.some(([, year]) => year === FIXTURE_YEAR) && !inFile(p),
  ).length;
  // Anja is a member without groups (gets G3), Piet has G6 already, Kees has no account.
  const teachers: UploadCount = { add: 0, change: 1, unchanged: 1 };
  return { pupils, groups, teachers, pupilsLeft };
}

describe('EDEXML preview', () => {
  it('counts what applying would change, lists the teachers, and changes nothing', async () => {
    const file = fixture('valid.xml');
    const before = await rowCounts(t.database.db);
    const tablesBefore = await edexmlTables(t.database.db, school.schoolId);
    const result = await preview(file);
    expect(result.errors).toEqual([]);
    expect(result.errorCount).toBe(0);
    expect(result.calendarYear).toBe(FIXTURE_YEAR);
    expect(result.sha256).toBe(sha256(file));
    expect(result.fileName).toBe('leerlingen.xml');
    expect(result.alreadyApplied).toBe(false);
    expect(result.counts).toEqual(expectedCounts());
    expect(result.teachers).toEqual(
      FILE_TEACHERS.map((teacher) => ({
        email: teacher.email,
        name: teacher.name,
        hasAccount: school.teacherIds.has(teacher.email),
        isMember: school.teacherIds.has(teacher.email),
        // valid.xml gives every teacher an address and no role.
        addressProblem: null,
        givenAddress: null,
        roles: [],
        roleDescriptions: [],
      })),
    );
    // Every group is a primary one with pupils, every pupil has a group and a year, the file names no vestiging.
    expect([result.skipped, result.skippedCount, result.notes, result.noteCount]).toEqual([[], 0, [], 0]);
    expect(result.locations).toEqual([]);
    const after = await rowCounts(t.database.db);
    // The audit log gains the preview's pupil-data entry; nothing else changes.
    expect({ ...after, audit_log: 0, sessions: 0 }).toEqual({ ...before, audit_log: 0, sessions: 0 });
    expect(await edexmlTables(t.database.db, school.schoolId)).toEqual(tablesBefore);
    expect(await readdir(path.join(dataDir, 'upload-tmp'))).toEqual([]);
  });
});

describe('EDEXML apply', () => {
  it('writes pupils, groups, enrolments, leavers and teacher groups, and records the upload', async () => {
    const file = fixture('valid.xml');
    const response = await apply(file);
    expect(response.statusCode, response.body).toBe(201);
    const record = uploadRecordSchema.parse(response.json());
    expect(record).toMatchObject({
      kind: 'EDEXML',
      fileName: 'leerlingen.xml',
      sha256: sha256(file),
      size: file.length,
      calendarYear: FIXTURE_YEAR,
      status: 'done',
      errorCount: 0,
    });
    expect(record.counts).toEqual(expectedCounts());

    const db = t.database.db;
    const groups = await db.select().from(yearClasses).where(eq(yearClasses.schoolId, school.schoolId));
    const groupOf = (key: string) =>
      groups.find((g) => g.externalKey === key && g.calendarYear === FIXTURE_YEAR);
    for (const fileGroup of FILE_GROUPS) {
      const grade = /^\d$/.test(fileGroup.code)
        ? Number(fileGroup.code)
        : Math.max(...FILE_PUPILS.filter((p) => p.group === fileGroup.key).map((p) => p.grade));
      expect(groupOf(fileGroup.key), fileGroup.key).toMatchObject({
        name: fileGroup.name,
        grade,
        schoolId: school.schoolId,
      });
    }
    // Groep 8 is not in the file: it stays as it was.
    expect(groupOf('G8')).toMatchObject({ name: 'Groep 8', grade: 8 });

    const stored = await db.select().from(pupils).where(eq(pupils.schoolId, school.schoolId));
    const enrolments = await db
      .select({
        pupilId: yearClassPupils.pupilId,
        yearClassId: yearClassPupils.yearClassId,
        grade: yearClassPupils.grade,
        schoolId: yearClassPupils.schoolId,
      })
      .from(yearClassPupils)
      .where(eq(yearClassPupils.schoolId, school.schoolId));
    const thisYearIds = new Set(groups.filter((g) => g.calendarYear === FIXTURE_YEAR).map((g) => g.id));
    for (const filePupil of FILE_PUPILS) {
      const matches = stored.filter((p) => p.externalKey === filePupil.key);
      expect(matches, filePupil.key).toHaveLength(1);
      const pupil = matches[0];
      expect(pupil).toMatchObject({
        eckId: filePupil.eckId,
        firstName: filePupil.firstName,
        lastNamePrefix: filePupil.lastNamePrefix,
        lastName: filePupil.lastName,
        dateOfBirth: filePupil.dateOfBirth,
        gender: filePupil.gender,
        dateLeft: null,
      });
      const placed = enrolments.filter((e) => e.pupilId === pupil?.id && thisYearIds.has(e.yearClassId));
      expect(placed, filePupil.key).toEqual([
        {
          pupilId: pupil?.id,
          yearClassId: groupOf(filePupil.group)?.id,
          grade: filePupil.grade,
          schoolId: school.schoolId,
        },
      ]);
    }
    // L005 was found by ECK-iD under its old key: the same row, now with the file's key.
    expect(stored.find((p) => p.externalKey === 'L005')?.id).toBe(school.pupilIds.get('OLD-005'));
    // L003 moved from groep 3 to 4/5; his enrolment of last year's groups is untouched elsewhere (L001's is).
    const g2 = school.groupIds.get('G2@2024');
    expect(
      enrolments
        .filter((e) => e.yearClassId === g2)
        .map((e) => e.pupilId)
        .sort(),
    ).toEqual([school.pupilIds.get('L001'), school.pupilIds.get('L098')].sort());
    // L099 left today and keeps his enrolment (history); L098 (only last year) is not touched.
    const l099 = stored.find((p) => p.id === school.pupilIds.get('L099'));
    expect(l099?.dateLeft).toBe('2025-11-20');
    expect(
      enrolments.some((e) => e.pupilId === l099?.id && e.yearClassId === school.groupIds.get('G6@2025')),
    ).toBe(true);
    expect(stored.find((p) => p.id === school.pupilIds.get('L098'))?.dateLeft).toBeNull();

    // Anja (a member) got groep 3; Piet keeps groep 6 once.
    const permissions = await db
      .select({ userId: teacherGroupPermissions.userId, yearClassId: teacherGroupPermissions.yearClassId })
      .from(teacherGroupPermissions)
      .where(eq(teacherGroupPermissions.schoolId, school.schoolId));
    expect(permissions).toEqual(
      expect.arrayContaining([
        { userId: school.teacherIds.get('anja.deboer@teachers.example'), yearClassId: groupOf('G3')?.id },
        { userId: school.teacherIds.get('piet.jansen@teachers.example'), yearClassId: groupOf('G6')?.id },
      ]),
    );
    expect(permissions).toHaveLength(2);

    const [upload] = await db.select().from(uploads).where(eq(uploads.schoolId, school.schoolId));
    expect(upload).toMatchObject({
      userId: school.staff.id,
      sha256: sha256(file),
      calendarYear: FIXTURE_YEAR,
      kind: 'EDEXML',
    });
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.schoolId, school.schoolId), eq(auditLog.action, 'upload.apply')));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.entityId).toBe(String(record.id));
    expect(JSON.stringify(audit[0]?.details)).not.toContain('Berg');
    const pupilWrites = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.schoolId, school.schoolId), eq(auditLog.action, 'pupil_data.write')));
    expect(pupilWrites).toHaveLength(1);
  });

  it('changes nothing when the same file is applied again, and records it again', async () => {
    const file = fixture('valid.xml');
    expect((await apply(file)).statusCode).toBe(201);
    const tables = await edexmlTables(t.database.db, school.schoolId);
    const again = await preview(file);
    expect(again.alreadyApplied).toBe(true);
    const none = { add: 0, change: 0 };
    expect(again.counts.pupils).toMatchObject(none);
    expect(again.counts.groups).toMatchObject(none);
    expect(again.counts.teachers).toMatchObject(none);
    expect(again.counts.pupilsLeft).toBe(0);
    expect(again.counts.pupils?.unchanged).toBe(FILE_PUPILS.length);
    expect(again.counts.groups?.unchanged).toBe(FILE_GROUPS.length);

    const second = await apply(file);
    expect(second.statusCode, second.body).toBe(201);
    expect(uploadRecordSchema.parse(second.json()).counts.pupils).toMatchObject(none);
    expect(await edexmlTables(t.database.db, school.schoolId)).toEqual(tables);
    const recorded = await t.database.db.select().from(uploads).where(eq(uploads.schoolId, school.schoolId));
    expect(recorded).toHaveLength(2);
  });
});

describe('EDEXML apply at the same time', () => {
  it('applies the same file twice at once one after the other (the school lock): each pupil and group once', async () => {
    const file = fixture('valid.xml');
    const [first, second] = await Promise.all([apply(file), apply(file)]);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const added = [first, second].map((r) => uploadRecordSchema.parse(r.json()).counts.pupils?.add);
    expect(added.sort()).toEqual([0, expectedCounts().pupils.add]);
    const db = t.database.db;
    const stored = await db.select().from(pupils).where(eq(pupils.schoolId, school.schoolId));
    for (const filePupil of FILE_PUPILS)
      expect(
        stored.filter((p) => p.externalKey === filePupil.key),
        filePupil.key,
      ).toHaveLength(1);
    const groups = await db
      .select()
      .from(yearClasses)
      .where(and(eq(yearClasses.schoolId, school.schoolId), eq(yearClasses.calendarYear, FIXTURE_YEAR)));
    expect(groups).toHaveLength(
      new Set([
        ...STORED_GROUPS.filter(([, y]) => y === FIXTURE_YEAR).map(([k]) => k),
        ...FILE_GROUPS.map((g) => g.key),
      ]).size,
    );
  });
});

describe('bad EDEXML files change nothing', () => {
  // [file, code, the line where reading stops (as a function of the file's text), or null]
  const refusals: [string, string, ((text: string) => number) | null][] = [
    ['broken.xml', 'broken_xml', (text) => lineOf(text, '</leerling>', text.indexOf('key="L003"'))],
    ['external-entity.xml', 'xml_entities', null],
    ['entity-expansion.xml', 'xml_entities', null],
    ['wrong-brin.xml', 'wrong_brin', (text) => lineOf(text, '<school>')],
  ];
  for (const [name, code, lineAt] of refusals) {
    it(`refuses ${name} (${code}) on preview and apply`, async () => {
      const file = fixture(name);
      const before = await rowCounts(t.database.db);
      for (const kind of ['preview', 'apply'] as const) {
        const response = await send(kind, file, kind === 'apply' ? { sha256: sha256(file) } : {});
        expect(response.statusCode, response.body).toBe(400);
        const refusal = uploadRefusalSchema.parse(response.json());
        expect(refusal.code).toBe(code);
        expect(refusal.errors?.file).toEqual([refusal.detail]);
        if (lineAt) expect(refusal.line).toBe(lineAt(file.toString()));
      }
      const after = await rowCounts(t.database.db);
      expect({ ...after, audit_log: 0 }).toEqual({ ...before, audit_log: 0 });
      expect(await readdir(path.join(dataDir, 'upload-tmp'))).toEqual([]);
    });
  }

  it('reports a duplicate pupil key on its line, refuses to apply without skipping, and applies the rest when told', async () => {
    const file = fixture('duplicate-pupil-key.xml');
    const text = file.toString();
    const result = await preview(file);
    const second = lineOf(text, '<leerling key="L003"', text.indexOf('<leerling key="L003"') + 1);
    expect(result.errors).toEqual([
      expect.objectContaining({
        line: second,
        field: 'key',
        code: 'duplicate_pupil_key',
        values: { key: 'L003', firstLine: lineOf(text, '<leerling key="L003"') },
      }),
    ]);
    expect(result.errorCount).toBe(1);

    const before = await rowCounts(t.database.db);
    const refused = await apply(file);
    expect(refused.statusCode).toBe(400);
    expect(uploadRefusalSchema.parse(refused.json())).toMatchObject({
      code: 'row_errors',
      values: { errorCount: 1 },
    });
    const after = await rowCounts(t.database.db);
    expect({ ...after, audit_log: 0 }).toEqual({ ...before, audit_log: 0 });

    const skipped = await apply(file, { skipRowErrors: 'true' });
    expect(skipped.statusCode, skipped.body).toBe(201);
    const record = uploadRecordSchema.parse(skipped.json());
    expect(record.errorCount).toBe(1);
    // The duplicate row (Julia Visser) is left out; the first L003 and everyone else are written.
    const stored = await t.database.db.select().from(pupils).where(eq(pupils.schoolId, school.schoolId));
    expect(stored.some((p) => p.lastName === 'Visser')).toBe(false);
    expect(stored.filter((p) => p.externalKey === 'L003').map((p) => p.firstName)).toEqual(['Sem']);
    expect(stored.some((p) => p.externalKey === 'L006')).toBe(true);
  });

  it('reports an unknown group key and invalid values with their lines', async () => {
    const unknown = fixture('unknown-group.xml');
    const text = unknown.toString();
    const result = await preview(unknown);
    expect(result.errors).toEqual([
      expect.objectContaining({
        line: lineOf(text, '<groep key="G9"/>'),
        code: 'unknown_group',
        values: { key: 'G9' },
      }),
    ]);

    const invalid = fixture('invalid-rows.xml');
    const invalidText = invalid.toString();
    const rows = await preview(invalid);
    // Tess's invalid jaargroep leaves the S group "De Zon" without any pupil with a grade: an error of its own.
    expect(rows.errors.map((e) => [e.code, e.line, e.field])).toEqual([
      ['invalid_date', lineOf(invalidText, '<leerling key="L004"'), 'geboortedatum'],
      ['invalid_jaargroep', lineOf(invalidText, '<leerling key="L006"'), 'jaargroep'],
      ['group_without_grade', lineOf(invalidText, '<groep key="GZON">'), 'jaargroep'],
    ]);
    expect(rows.errorCount).toBe(3);
  });

  it('refuses to apply a file other than the one previewed', async () => {
    const file = fixture('valid.xml');
    const before = await rowCounts(t.database.db);
    const response = await send('apply', file, { sha256: sha256(fixture('wrong-brin.xml')) });
    expect(response.statusCode).toBe(400);
    expect(uploadRefusalSchema.parse(response.json()).code).toBe('hash_mismatch');
    const missing = await send('apply', file);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ errors: { sha256: [expect.any(String)] } });
    const after = await rowCounts(t.database.db);
    expect({ ...after, audit_log: 0 }).toEqual({ ...before, audit_log: 0 });
  });
});
