import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { DoorstroomtoetsTest, OutflowAdvice, ReferenceResult } from '@leerzicht/contract';
import { createTestDb, type TestDatabase } from '../helpers/db';
import { createPupil, createSchool } from '../helpers/factories';
import { pupilDoorstroomtoets } from '../../src/db/schema/index';
import { UploadRefused } from '../../src/modules/uploads/importer';
import { nationalResultsImporter } from '../../src/modules/uploads/national-results/index';
import {
  buildResultsUploadSchool,
  importTarget,
  readUploadFile,
  toCsv,
  uploadFile,
  type UploadPupil,
} from '../fixtures/uploads/results/results-upload-school';

/*
 * Doorstroomtoets results uploaded as national results (docs/uploads/doorstroomtoets.md): the test writes the file,
 * and every expected figure and stored row follows from the rows it wrote.
 */

const HEADER = [
  'Leerlingnummer',
  'ECK-iD',
  'Achternaam',
  'Toets',
  'Afnamedatum',
  'Lezen',
  'Taalverzorging',
  'Rekenen',
  'Toetsadvies',
];

/** One row as written, and the stored values it must give. */
interface Line {
  pupil: UploadPupil;
  testText: string;
  test: DoorstroomtoetsTest;
  /** YYYY-MM-DD */
  date: string;
  lezen: ReferenceResult;
  taalverzorging: ReferenceResult;
  rekenen: ReferenceResult;
  adviceText: string;
  advice: OutflowAdvice | null;
}

const dutchDate = (iso: string) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;

const fileRow = (line: Line) => [
  line.pupil.key,
  line.pupil.eckId,
  'Naam',
  line.testText,
  dutchDate(line.date),
  line.lezen,
  line.taalverzorging,
  line.rekenen,
  line.adviceText,
];

async function plan(database: TestDatabase, target: ReturnType<typeof importTarget>, content: string) {
  const read = await readUploadFile(
    nationalResultsImporter,
    await uploadFile('doorstroomtoets.csv', content),
  );
  return read.plan(database.db, target);
}

describe('doorstroomtoets results in the national-results upload', () => {
  let database: TestDatabase;
  let pupils: UploadPupil[];
  let target: ReturnType<typeof importTarget>;
  let schoolId: number;
  let otherKey: string;

  beforeAll(async () => {
    database = await createTestDb();
    const school = await buildResultsUploadSchool(database.db, { withCatalog: false });
    pupils = school.pupils;
    schoolId = school.school.id;
    target = importTarget(school.school.id, school.school.brinCode, school.user.id);
    const other = await createSchool(database.db);
    otherKey = 'OTHER-1';
    await createPupil(database.db, other.id, { firstName: 'Ander', lastName: 'Kind', externalKey: otherKey });
  }, 60_000);
  afterAll(async () => {
    await database.destroy();
  });

  const spellings: [string, DoorstroomtoetsTest][] = [
    ['Centrale Eindtoets', 'CITO'],
    ['IEP', 'IEP'],
    ['Route 8', 'ROUTE8'],
    ['DIA-eindtoets', 'DIA'],
    ['AMN', 'AMN'],
    ['Anders', 'OTHER'],
  ];
  const levels: ReferenceResult[] = ['<1F', '1F', '2F', '1S'];
  const advices: [string, OutflowAdvice | null][] = [
    ['HAVO', 'HAVO'],
    ['vmbo-gt', 'VMBO-GL/TL'],
    ['', null],
    ['havo/vwo', 'HAVO/VWO'],
    ['VWO', 'VWO'],
    ['Praktijkonderwijs', 'PrO'],
  ];
  const lines = (): Line[] =>
    spellings.map(([testText, test], index) => {
      const pupil = pupils[index];
      if (!pupil) throw new Error('too few pupils');
      const [adviceText, advice] = advices[index] ?? ['', null];
      return {
        pupil,
        testText,
        test,
        date: index % 2 === 0 ? '2025-02-11' : '2024-04-17',
        lezen: levels[index % 4] ?? '1F',
        taalverzorging: levels[(index + 1) % 4] ?? '1F',
        rekenen: levels[(index + 2) % 4] ?? '1F',
        adviceText,
        advice,
      };
    });

  const stored = () =>
    database.db
      .select()
      .from(pupilDoorstroomtoets)
      .where(eq(pupilDoorstroomtoets.schoolId, schoolId))
      .orderBy(asc(pupilDoorstroomtoets.pupilId), asc(pupilDoorstroomtoets.testDate));

  it('previews, applies, reads back, and changes nothing the second time', async () => {
    const written = lines();
    const content = toCsv([HEADER, ...written.map(fileRow)]);
    const preview = await plan(database, target, content);
    expect(preview.errors).toEqual([]);
    expect(preview.counts.results).toEqual({ add: written.length, change: 0, unchanged: 0 });
    // Nothing is written by a preview.
    expect(await stored()).toEqual([]);

    await database.db.transaction((tx) => preview.write(tx));
    const rows = await stored();
    const expected = [...written]
      .sort((a, b) => a.pupil.id - b.pupil.id || a.date.localeCompare(b.date))
      .map((line) => ({
        pupilId: line.pupil.id,
        test: line.test,
        testDate: line.date,
        calendarYear: Number(line.date.slice(0, 4)) - 1,
        lezen: line.lezen,
        taalverzorging: line.taalverzorging,
        rekenen: line.rekenen,
        advice: line.advice,
        createdById: target.userId,
        changedById: target.userId,
      }));
    expect(
      rows.map((row) => ({
        pupilId: row.pupilId,
        test: row.test,
        testDate: row.testDate,
        calendarYear: row.calendarYear,
        lezen: row.lezen,
        taalverzorging: row.taalverzorging,
        rekenen: row.rekenen,
        advice: row.advice,
        createdById: row.createdById,
        changedById: row.changedById,
      })),
    ).toEqual(expected);

    const again = await plan(database, target, content);
    expect(again.errors).toEqual([]);
    expect(again.counts.results).toEqual({ add: 0, change: 0, unchanged: written.length });
    await database.db.transaction((tx) => again.write(tx));
    expect(await stored()).toEqual(rows);
  });

  it('replaces the same pupil, test and date, and adds another date', async () => {
    const [first, second] = lines();
    if (!first || !second) throw new Error('no lines');
    const before = await stored();
    const corrected: Line = { ...first, lezen: first.lezen === '2F' ? '1F' : '2F' };
    const retake: Line = { ...second, date: '2024-05-02' };
    const content = toCsv([HEADER, fileRow(corrected), fileRow(retake)]);
    const preview = await plan(database, target, content);
    expect(preview.errors).toEqual([]);
    expect(preview.counts.results).toEqual({ add: 1, change: 1, unchanged: 0 });
    await database.db.transaction((tx) => preview.write(tx));
    const after = await stored();
    expect(after).toHaveLength(before.length + 1);
    const row = after.find(
      (candidate) => candidate.pupilId === first.pupil.id && candidate.testDate === first.date,
    );
    const old = before.find(
      (candidate) => candidate.pupilId === first.pupil.id && candidate.testDate === first.date,
    );
    expect(row?.id).toBe(old?.id);
    expect(row?.lezen).toBe(corrected.lezen);
  });

  it('reports bad tests, levels, dates, advice, unknown pupils and repeated rows as row errors with line and column', async () => {
    const [line] = lines();
    if (!line) throw new Error('no line');
    const rows = [
      HEADER,
      fileRow(line),
      ['K1001', '', 'Naam', 'Eindtoets X', '11-02-2025', '1F', '1F', '1F', ''],
      ['K1002', '', 'Naam', 'IEP', '11-02-2025', '3F', '1F', 'hoog', ''],
      ['K1003', '', 'Naam', 'IEP', '31-02-2025', '1F', '1F', '1F', ''],
      ['K1003', '', 'Naam', 'IEP', '11-02-2099', '1F', '1F', '1F', ''],
      ['K1003', '', 'Naam', 'IEP', '11-02-2013', '1F', '1F', '1F', ''],
      ['K1004', '', 'Naam', 'IEP', '11-02-2025', '1F', '', '1F', 'Universiteit'],
      [otherKey, '', 'Naam', 'IEP', '11-02-2025', '1F', '1F', '1F', ''],
      fileRow(line),
    ];
    const preview = await plan(database, target, toCsv(rows));
    const errors = preview.errors.map((error) => [error.line, error.field, error.code]);
    expect(errors).toEqual([
      [3, 'Toets', 'invalid_value'],
      [4, 'Lezen', 'invalid_value'],
      [4, 'Rekenen', 'invalid_value'],
      [5, 'Afnamedatum', 'invalid_date'],
      [6, 'Afnamedatum', 'invalid_date'],
      [7, 'Afnamedatum', 'invalid_date'],
      [8, 'Taalverzorging', 'invalid_value'],
      [8, 'Toetsadvies', 'invalid_value'],
      [9, 'Leerlingnummer', 'unknown_pupil'],
      [10, null, 'duplicate_row'],
    ]);
    expect(preview.errorCount).toBe(errors.length);
    // The one good row differs from the stored result only in lezen, which the test before corrected.
    expect(preview.counts.results).toEqual({ add: 0, change: 1, unchanged: 0 });
  });

  it('matches on the ECK-iD alone, and refuses a file without a level column', async () => {
    const pupil = pupils.find((candidate) => candidate.eckId !== null && candidate.id !== pupils[0]?.id);
    if (!pupil?.eckId) throw new Error('no pupil with an ECK-iD');
    const header = ['ECK-iD', 'Toets', 'Datum', 'Lezen', 'Taalverzorging', 'Rekenen'];
    const preview = await plan(
      database,
      target,
      toCsv([header, [pupil.eckId, 'route8', '2025-03-03', '2F', '2F', '1S']]),
    );
    expect(preview.errors).toEqual([]);
    expect(preview.counts.results).toEqual({ add: 1, change: 0, unchanged: 0 });

    const refused = await readUploadFile(
      nationalResultsImporter,
      await uploadFile('x.csv', toCsv([['Leerlingnummer', 'Toets', 'Lezen', 'Taalverzorging', 'Rekenen']])),
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UploadRefused);
    expect(refused instanceof UploadRefused ? [refused.code, refused.values.column] : null).toEqual([
      'missing_column',
      'Afnamedatum',
    ]);
  });
});
