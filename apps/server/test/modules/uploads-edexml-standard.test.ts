import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  uploadPreviewSchema,
  uploadRecordSchema,
  uploadRefusalSchema,
  type UploadNote,
  type UploadPreview,
  type UploadSkipped,
} from '@leerzicht/contract';
import {
  pupils,
  schoolLocations,
  teacherGroupPermissions,
  yearClassPupils,
  yearClasses,
} from '../../src/db/schema/index';
import { createTestApp, type TestApp } from '../helpers/app';
import { validateEdexml } from '../helpers/edexml-schema';
import { rowCounts } from '../helpers/row-counts';
import { signIn } from '../helpers/sign-in';
import { edexmlFile, sendUpload, sha256 } from '../helpers/uploads';
import {
  buildFixtureSchool,
  fixture,
  FIXTURE_YEAR,
  lineOf,
  STORED_PUPILS,
  type FixtureSchool,
} from '../fixtures/uploads/edexml/school';

/*
 * EDEXML files as administration systems write them, everything in them allowed by the EDEXML 2.1 schema (each file
 * is validated here before it is sent): no row errors; what the app does not keep is skipped with its reason, what
 * it adapts is noted, vestigingen are kept apart. The expected lists are read off the fixture files (each row's
 * elements, named in the comments) and the stored state of fixtures/uploads/edexml/school.ts.
 */

const NOW = new Date('2025-11-20T10:00:00Z');

let t: TestApp;
let dataDir: string;
let school: FixtureSchool;
let token: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'lz-uploads-standard-'));
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

async function valid(text: string) {
  expect((await validateEdexml([{ name: 'sent.xml', text }])).get('sent.xml')).toEqual([]);
  return Buffer.from(text);
}

const send = (kind: 'preview' | 'apply', file: Buffer, fields: Record<string, string> = {}) =>
  sendUpload(t, token, school.schoolId, kind, edexmlFile(file), { kind: 'EDEXML', ...fields });

async function preview(file: Buffer): Promise<UploadPreview> {
  const response = await send('preview', file);
  expect(response.statusCode, response.body).toBe(200);
  return uploadPreviewSchema.parse(response.json());
}

async function apply(file: Buffer) {
  const response = await send('apply', file, { sha256: sha256(file) });
  expect(response.statusCode, response.body).toBe(201);
  return uploadRecordSchema.parse(response.json());
}

/** The pupils of buildFixtureSchool enrolled in the file's school year (none of them has left). */
const presentKeys = () =>
  STORED_PUPILS.filter((p) => p.enrolments.some(([, year]) => year === FIXTURE_YEAR)).map((p) => p.key);

/** A skipped row as the preview lists it, found in the file by the start of its element. */
function skippedRow(
  text: string,
  element: string,
  entry: Omit<UploadSkipped, 'line' | 'values'> & { values?: UploadSkipped['values'] },
): UploadSkipped {
  return { line: lineOf(text, element), values: {}, ...entry };
}

function noteRow(
  text: string,
  element: string,
  entry: Omit<UploadNote, 'line' | 'values'> & { values?: UploadNote['values'] },
): UploadNote {
  return { line: lineOf(text, element), values: {}, ...entry };
}

const byLine = <T extends { line: number }>(rows: T[]) => [...rows].sort((a, b) => a.line - b.line);

const teacher = (name: string, extra: Partial<UploadPreview['teachers'][number]> = {}) => ({
  email: null,
  name,
  hasAccount: false,
  isMember: false,
  addressProblem: 'missing',
  givenAddress: null,
  roles: [],
  roleDescriptions: [],
  ...extra,
});

async function storedPupil(key: string) {
  const [row] = await t.database.db
    .select()
    .from(pupils)
    .where(and(eq(pupils.schoolId, school.schoolId), eq(pupils.externalKey, key)));
  return row;
}

async function groupsOfYear() {
  return t.database.db
    .select()
    .from(yearClasses)
    .where(and(eq(yearClasses.schoolId, school.schoolId), eq(yearClasses.calendarYear, FIXTURE_YEAR)));
}

async function locationIds() {
  const rows = await t.database.db
    .select()
    .from(schoolLocations)
    .where(eq(schoolLocations.schoolId, school.schoolId));
  return new Map(rows.map((row) => [row.externalKey, { id: row.id, name: row.name }]));
}

describe("an export written as Edustandaard's example EDEXML.Voorbeeld.2.1.xml", () => {
  it('imports without row errors: skipped groups and pupils with their reason, teachers without an address', async () => {
    const text = fixture('example-shape.xml').toString();
    const file = await valid(text);
    const result = await preview(file);
    expect(result.errors).toEqual([]);
    expect(result.errorCount).toBe(0);
    expect(byLine(result.skipped ?? [])).toEqual([
      // Three samengestelde groepen; X0002 has no groep; X0003 left on 11 July 2025 (before today).
      skippedRow(text, '<samengestelde_groep key="SG3">', {
        kind: 'group',
        key: 'SG3',
        name: 'Leesclub',
        reason: 'composed_group',
      }),
      skippedRow(text, '<samengestelde_groep key="SG1">', {
        kind: 'group',
        key: 'SG1',
        name: 'Rekenclub',
        reason: 'composed_group',
      }),
      skippedRow(text, '<samengestelde_groep key="SG2">', {
        kind: 'group',
        key: 'SG2',
        name: 'Taalclub',
        reason: 'composed_group',
      }),
      skippedRow(text, '<leerling key="X0002">', {
        kind: 'pupil',
        key: 'X0002',
        name: 'Sam Proef',
        reason: 'no_group',
      }),
      skippedRow(text, '<leerling key="X0003">', {
        kind: 'pupil',
        key: 'X0003',
        name: "Kas van 't Oud",
        reason: 'left',
        values: { date: '2025-07-11' },
      }),
    ]);
    expect(result.skippedCount).toBe(5);
    expect([result.notes, result.noteCount]).toEqual([[], 0]);
    // Five groups (jaargroep 0, 1, 1, 4, 4) and X0001 are new; the stored pupils of the year are not in the file.
    expect(result.counts).toEqual({
      groups: { add: 5, change: 0, unchanged: 0 },
      pupils: { add: 1, change: 0, unchanged: 0 },
      teachers: { add: 0, change: 0, unchanged: 0 },
      pupilsLeft: presentKeys().length,
    });
    expect(result.locations).toEqual([
      { key: 'VN', name: 'Vestiging Noord', status: 'new', pupils: 0 },
      { key: 'VZ', name: 'Vestiging Zuid', status: 'new', pupils: 1 },
    ]);
    // No teacher has an e-mail address: listed, none can be invited. LK1 has only voorletters J.
    expect(result.teachers).toEqual([
      teacher('J. van Proef', { roles: ['TAL'] }),
      teacher('Bo Voorbeeld', { roleDescriptions: ['Vakleerkracht muziek'] }),
      teacher('Lou', { roles: ['STA', 'OWA'] }),
    ]);

    await apply(file);
    const locations = await locationIds();
    expect(await storedPupil('X0001')).toMatchObject({
      firstName: 'Pim',
      lastNamePrefix: '',
      lastName: '',
      initials: null,
      dateOfBirth: '2017-05-09',
      gender: 'male',
      locationId: locations.get('VZ')?.id,
    });
    const groups = await groupsOfYear();
    expect(
      groups
        .filter((g) => ['P0', 'K1A', 'K1B', 'G4N', 'G4Z'].includes(g.externalKey ?? ''))
        .map((g) => [g.externalKey, g.name, g.grade])
        .sort(),
    ).toEqual(
      [
        ['G4N', '4N', 4],
        ['G4Z', '4Z', 4],
        ['K1A', 'Egels', 1],
        ['K1B', 'Vossen', 1],
        // jaargroep 0 (before groep 1) is grade 1.
        ['P0', 'Uilen', 1],
      ].sort(),
    );
    expect(groups.some((g) => g.externalKey?.startsWith('SG'))).toBe(false);
    expect(await storedPupil('X0002')).toBeUndefined();
    expect(await storedPupil('X0003')).toBeUndefined();
  });
});

describe('an EDEXML 2.0 export', () => {
  it('reads as 2.1 without ECK-iDs: the same preview, pupils matched on their key', async () => {
    // 2.0 differs from 2.1 only by the eckid attributes of leerling and leerkracht (and its xsdversie).
    const v21 = fixture('example-shape.xml').toString();
    const v20 = v21
      .replace(/ eckid="[^"]*"/g, '')
      .replace('<xsdversie>2.1</xsdversie>', '<xsdversie>2.0</xsdversie>');
    expect(v20).not.toContain('eckid=');
    const [a, b] = [await preview(await valid(v21)), await preview(await valid(v20))];
    expect(b.errors).toEqual([]);
    expect({ ...b, fileName: '', sha256: '' }).toEqual({ ...a, fileName: '', sha256: '' });
  });
});

describe("an export written as Edustandaard's Flemish example EDEXML.Voorbeeld.2.1-Vla.xml", () => {
  it('is refused while it names the school by an instellingsnummer, and imports with a BRIN', async () => {
    const text = fixture('flemish-shape.xml').toString();
    const file = await valid(text);
    const before = await rowCounts(t.database.db);
    const refused = await send('preview', file);
    expect(refused.statusCode).toBe(400);
    expect(uploadRefusalSchema.parse(refused.json())).toMatchObject({
      code: 'no_brin',
      line: lineOf(text, '<school>'),
      values: { instellingsnummer: '54321' },
    });
    expect({ ...(await rowCounts(t.database.db)), audit_log: 0 }).toEqual({ ...before, audit_log: 0 });

    const dutch = text.replace('<instellingsnummer>54321</instellingsnummer>', '<brincode>07QT</brincode>');
    const result = await preview(await valid(dutch));
    expect(result.errors).toEqual([]);
    expect(byLine(result.skipped ?? []).map((s) => [s.key, s.reason, s.values])).toEqual([
      ['s1', 'composed_group', {}],
      ['s2', 'composed_group', {}],
      ['V0002', 'no_group', {}],
      ['V0003', 'left', { date: '2024-06-30' }],
    ]);
    expect(result.counts).toEqual({
      groups: { add: 5, change: 0, unchanged: 0 },
      pupils: { add: 1, change: 0, unchanged: 0 },
      teachers: { add: 0, change: 0, unchanged: 0 },
      pupilsLeft: presentKeys().length,
    });
    expect(result.teachers).toEqual([teacher('J. van Gent'), teacher('Ilse ter Veld'), teacher('Lia')]);
    expect(result.locations).toEqual([]);
  });
});

describe('a full export with every optional element', () => {
  const text = () => fixture('full-export.xml').toString();

  it('previews every allowed case without a row error', async () => {
    const file = await valid(text());
    const result = await preview(file);
    const x = text();
    expect(result.errors).toEqual([]);
    const group = (key: string, name: string, reason: UploadSkipped['reason']) =>
      skippedRow(x, `<${key === 'SGX' ? 'samengestelde_groep' : 'groep'} key="${key}">`, {
        kind: 'group',
        key,
        name,
        reason,
      });
    const pupil = (key: string, name: string, reason: UploadSkipped['reason'], values = {}) =>
      skippedRow(x, `<leerling key="${key}"`, { kind: 'pupil', key, name, reason, values });
    expect(byLine(result.skipped ?? [])).toEqual([
      group('SGX', 'Plusklas', 'composed_group'),
      group('GN', 'Taalklas', 'not_primary'),
      group('GH', 'Groep 8 van vorig jaar', 'historical'),
      group('GB', "Baby's", 'childcare'),
      group('GD', 'Dreumesen', 'childcare'),
      group('G11', 'Brugklas', 'secondary'),
      group('GV', 'VSO', 'special_secondary'),
      // S group, no jaargroep of her own and no birth date.
      pupil('L012', 'Jip Proef', 'no_year', { code: 'S', group: 'De Zon' }),
      pupil('L013', 'Ada Proef', 'group_skipped', { group: 'Taalklas', groupReason: 'not_primary' }),
      pupil('L014', 'Bas Proef', 'group_skipped', { group: 'Brugklas', groupReason: 'secondary' }),
      // Combination group, no jaargroep of his own.
      pupil('L015', 'Cor Proef', 'no_year', { code: 'C', group: 'Groep 4/5' }),
      pupil('L016', 'Dex Proef', 'secondary'),
      pupil('L017', 'Eva Proef', 'no_group'),
      pupil('L099', 'Finn Mulder', 'left', { date: '2025-10-31' }),
      pupil('X020', 'Hugo Proef', 'historical'),
    ]);
    expect(byLine(result.notes ?? [])).toEqual([
      noteRow(x, '<groep key="G3">', {
        kind: 'group',
        key: 'G3',
        name: 'Groep 3',
        code: 'renamed_group',
        values: { from: 'Groep 3', to: 'Groep 3 (Hoofdgebouw)' },
      }),
      noteRow(x, '<groep key="G3D">', {
        kind: 'group',
        key: 'G3D',
        name: 'Groep 3',
        code: 'renamed_group',
        values: { from: 'Groep 3', to: 'Groep 3 (De Linde)' },
      }),
      // L003 (HG), L004 (DP) and L015 (HG) are in groep 4/5.
      noteRow(x, '<groep key="G45">', {
        kind: 'group',
        key: 'G45',
        name: 'Groep 4/5',
        code: 'mixed_locations',
        values: { locations: 'Hoofdgebouw, De Linde' },
      }),
      // Born 2 October 2016: 8 on 1 October 2025, so groep 5.
      noteRow(x, '<leerling key="L011"', {
        kind: 'pupil',
        key: 'L011',
        name: 'Kim',
        code: 'grade_from_age',
        values: { grade: 5, age: 8 },
      }),
      noteRow(x, '<leerling key="L019"', {
        kind: 'pupil',
        key: 'L019',
        name: 'Gus Proef',
        code: 'birth_date_ignored',
        values: { value: '2030-01-01' },
      }),
    ]);
    // Groups: G3 (renamed) and G6 (stored as "Groep 6A", now at HG) change; G3D, G45 and GZON are new. Pupils:
    // L001 (voorletters, vestiging), L002 (particle, group), L003 (group) and L005 (key, via ECK-iD) change;
    // L004, L006, L010, L011, L018 and L019 are new. L099 left on his uitstroomdatum; every other present pupil is
    // in the file. Anja (a member) gets G3 and G3D from her two rows; Piet has G6.
    expect(result.counts).toEqual({
      groups: { add: 3, change: 2, unchanged: 0 },
      pupils: { add: 6, change: 4, unchanged: 0 },
      teachers: { add: 0, change: 1, unchanged: 1 },
      pupilsLeft: 1,
    });
    expect(result.locations).toEqual([
      { key: 'HG', name: 'Hoofdgebouw', status: 'new', pupils: 7 },
      { key: 'DP', name: 'De Linde', status: 'new', pupils: 2 },
    ]);
    expect(result.teachers).toEqual([
      teacher('Anja de Boer', {
        email: 'anja.deboer@teachers.example',
        hasAccount: true,
        isMember: true,
        addressProblem: null,
        roles: ['LRK', 'IB', 'RT'],
        roleDescriptions: ['Bouwcoordinator', 'Plusklas', 'Taalklas'],
      }),
      teacher('Kees van Dam', { addressProblem: 'invalid', givenAddress: 'kees van dam' }),
      teacher('Piet Jansen', {
        email: 'piet.jansen@teachers.example',
        hasAccount: true,
        isMember: true,
        addressProblem: null,
      }),
      teacher('Rik Proef', { roles: ['VAK'] }),
      teacher('Sanne'),
    ]);
  });

  it('applies: vestigingen, own years, grades by age, voorletters, leavers on their date', async () => {
    const file = await valid(text());
    const record = await apply(file);
    expect(record.errorCount).toBe(0);
    const locations = await locationIds();
    expect([...locations].map(([key, { name }]) => [key, name]).sort()).toEqual([
      ['DP', 'De Linde'],
      ['HG', 'Hoofdgebouw'],
    ]);
    const hg = locations.get('HG')?.id;
    const dp = locations.get('DP')?.id;
    const groups = await groupsOfYear();
    const groupOf = (key: string) => groups.find((g) => g.externalKey === key);
    expect(groupOf('G3')).toMatchObject({ name: 'Groep 3 (Hoofdgebouw)', grade: 3, locationId: hg });
    expect(groupOf('G3D')).toMatchObject({ name: 'Groep 3 (De Linde)', grade: 3, locationId: dp });
    // The highest own year of its pupils (4 and 5); its pupils are at two vestigingen.
    expect(groupOf('G45')).toMatchObject({ grade: 5, locationId: null });
    expect(groupOf('GZON')).toMatchObject({ grade: 7, locationId: hg });
    for (const key of ['GN', 'GH', 'GB', 'GD', 'G11', 'GV', 'SGX']) expect(groupOf(key), key).toBeUndefined();

    const enrolment = async (key: string) => {
      const pupil = await storedPupil(key);
      return t.database.db
        .select({ group: yearClasses.externalKey, grade: yearClassPupils.grade })
        .from(yearClassPupils)
        .innerJoin(yearClasses, eq(yearClasses.id, yearClassPupils.yearClassId))
        .where(and(eq(yearClassPupils.pupilId, pupil?.id ?? 0), eq(yearClasses.calendarYear, FIXTURE_YEAR)));
    };
    expect(await enrolment('L003')).toEqual([{ group: 'G45', grade: 4 }]);
    expect(await enrolment('L004')).toEqual([{ group: 'G45', grade: 5 }]);
    expect(await enrolment('L011')).toEqual([{ group: 'GZON', grade: 5 }]);
    expect(await storedPupil('L001')).toMatchObject({ initials: 'DP', firstName: 'Daan', locationId: hg });
    expect(await storedPupil('L002')).toMatchObject({ lastNamePrefix: 'van der', locationId: dp });
    expect(await storedPupil('L010')).toMatchObject({
      firstName: 'A.B.',
      initials: 'AB',
      lastName: 'Proef',
      dateOfBirth: null,
    });
    expect(await storedPupil('L011')).toMatchObject({ firstName: 'Kim', lastName: '', locationId: null });
    expect(await storedPupil('L019')).toMatchObject({ dateOfBirth: null });
    expect(await storedPupil('L018')).toMatchObject({ dateLeft: null });
    expect((await storedPupil('L099'))?.dateLeft).toBe('2025-10-31');
    for (const key of ['L012', 'L013', 'L014', 'L015', 'L016', 'L017', 'X020'])
      expect(await storedPupil(key), key).toBeUndefined();

    const anja = school.teacherIds.get('anja.deboer@teachers.example');
    const granted = await t.database.db
      .select({ group: yearClasses.externalKey })
      .from(teacherGroupPermissions)
      .innerJoin(yearClasses, eq(yearClasses.id, teacherGroupPermissions.yearClassId))
      .where(eq(teacherGroupPermissions.userId, anja ?? 0));
    expect(granted.map((g) => g.group).sort()).toEqual(['G3', 'G3D']);

    // The same file again changes nothing and says the same.
    const again = await preview(file);
    expect(again.errors).toEqual([]);
    expect(again.counts).toMatchObject({
      groups: { add: 0, change: 0 },
      pupils: { add: 0, change: 0, unchanged: 10 },
      teachers: { change: 0 },
      pupilsLeft: 0,
    });
    expect(again.skippedCount).toBe(15);
    expect(again.locations?.map((l) => [l.key, l.status])).toEqual([
      ['HG', 'in_file'],
      ['DP', 'in_file'],
    ]);
  });

  it('leaves the pupils of a vestiging another file does not name alone, and says so', async () => {
    await apply(await valid(text()));
    const db = t.database.db;
    const locations = await locationIds();
    const dp = locations.get('DP')?.id;
    // The pupils present in the school year after the full export, with their vestiging.
    const present = await db
      .select({ key: pupils.externalKey, locationId: pupils.locationId, dateLeft: pupils.dateLeft })
      .from(yearClassPupils)
      .innerJoin(pupils, eq(pupils.id, yearClassPupils.pupilId))
      .innerJoin(yearClasses, eq(yearClasses.id, yearClassPupils.yearClassId))
      .where(and(eq(yearClasses.schoolId, school.schoolId), eq(yearClasses.calendarYear, FIXTURE_YEAR)));
    const here = present.filter((p) => p.dateLeft === null);
    const oneLocation = fixture('one-location.xml').toString();
    const inFile = ['L001', 'L005'];
    const atDp = here.filter((p) => p.locationId === dp);
    expect(atDp.length).toBeGreaterThan(0);

    const result = await preview(await valid(oneLocation));
    expect(result.errors).toEqual([]);
    expect(result.locations).toEqual([
      { key: 'HG', name: 'Hoofdgebouw', status: 'in_file', pupils: inFile.length },
      { key: 'DP', name: 'De Linde', status: 'not_in_file', pupils: atDp.length },
    ]);
    expect(result.counts.pupilsLeft).toBe(
      here.filter((p) => !inFile.includes(p.key ?? '') && p.locationId !== dp).length,
    );
    await apply(Buffer.from(oneLocation));
    for (const pupil of atDp)
      expect((await storedPupil(pupil.key ?? ''))?.dateLeft, pupil.key ?? '').toBeNull();
  });
});
