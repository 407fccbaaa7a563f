import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { SubjectCode, TestProviderCode, UploadRowError, YearTime } from '@leerzicht/contract';
import { createTestDb, type TestDatabase } from '../helpers/db';
import { createNationalScore } from '../helpers/factories';
import { rowCounts } from '../helpers/row-counts';
import { nationalTestScores } from '../../src/db/schema/index';
import { UploadRefused } from '../../src/modules/uploads/importer';
import { nationalResultsImporter } from '../../src/modules/uploads/national-results/index';
import { lovsTestId, nationalTestId, PROVIDER_IDS, SUBJECT_IDS } from '../../src/seed/catalog';
import {
  buildResultsUploadSchool,
  importTarget,
  readUploadFile,
  toCsv,
  uploadFile,
  type UploadPupil,
} from '../fixtures/uploads/results/results-upload-school';

/** Level values of the specification: I..V and A..E as 5..1. */
const LEVEL_VALUE: Record<string, number> = {
  I: 5,
  II: 4,
  III: 3,
  IV: 2,
  V: 1,
  A: 5,
  B: 4,
  C: 3,
  D: 2,
  E: 1,
};

/** One result as the test writes it into a file and expects it in the database. */
interface Line {
  pupil: UploadPupil;
  subject: SubjectCode;
  version: string;
  moment: YearTime;
  /** YYYY-MM-DD */
  date: string;
  ability: number;
  level: string;
  percentile: number;
  functional: string;
  dle: number;
  dleAbove?: boolean;
  reference: string | null;
  projected: string | null;
}

const dutchDate = (iso: string) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;
const comma = (value: number) => String(value).replace('.', ',');

const CITO_HEADER = [
  'Leerlingnummer',
  'ECK-iD',
  'Achternaam',
  'Voornaam',
  'Groep',
  'Toets',
  'Toetsversie',
  'Toetsmoment',
  'Afnamedatum',
  'Vaardigheidsscore',
  'Niveau',
  'Percentiel',
  'Functioneringsniveau',
  'DLE',
  'Referentieniveau',
  'Verwacht referentieniveau',
];
const SUBJECT_NAME: Record<SubjectCode, string> = {
  RW: 'Rekenen-Wiskunde',
  SP: 'Spelling',
  TBL: 'Begrijpend lezen',
  DMT: 'Technisch lezen',
  WST: 'Woordenschat',
  RvK: 'Rekenen voor kleuters',
  TvK: 'Taal voor kleuters',
};

/** The school year of a YYYY-MM-DD date (it starts in August). */
const schoolYear = (iso: string) => Number(iso.slice(0, 4)) - (Number(iso.slice(5, 7)) >= 8 ? 0 : 1);

function citoRow(line: Line): (string | number | null)[] {
  const grade = line.pupil.groups[schoolYear(line.date)]?.grade ?? '';
  return [
    line.pupil.key,
    line.pupil.eckId,
    'Naam wordt niet gebruikt',
    'Voornaam',
    `Groep ${grade}`,
    SUBJECT_NAME[line.subject],
    line.version,
    `${line.moment}${grade}`,
    dutchDate(line.date),
    comma(line.ability),
    line.level,
    line.percentile,
    line.functional,
    line.dleAbove ? '>60' : line.dle,
    line.reference,
    line.projected,
  ];
}

/** The row the database should hold for a line (provider and test from the seed catalogue's ids). */
function expectedRow(line: Line, provider: TestProviderCode, schoolId: number, calendarYear = 2025) {
  const group = line.pupil.groups[calendarYear];
  const roman = ['I', 'II', 'III', 'IV', 'V'].includes(line.level) ? line.level : null;
  const testId =
    provider === 'CITO' && line.version === '2.0'
      ? lovsTestId(line.subject)
      : nationalTestId(provider, line.subject);
  return {
    schoolId,
    pupilId: line.pupil.id,
    yearClassId: group?.yearClassId,
    nationalTestId: testId,
    subjectId: SUBJECT_IDS[line.subject],
    providerId: PROVIDER_IDS[provider],
    calendarYear,
    yearTime: line.moment,
    grade: group?.grade,
    testDate: line.date,
    levelValue: LEVEL_VALUE[line.level],
    abilityScore: line.ability,
    percentile: line.percentile,
    alphabetical: roman ? null : line.level,
    roman,
    functionalLevel: line.functional,
    dle: line.dleAbove ? 60 : line.dle,
    dleAboveScale: line.dleAbove ?? false,
    referenceLevel: line.reference,
    projectedReferenceLevel: line.projected,
  };
}

describe('national test results upload', () => {
  let database: TestDatabase;
  let f: Awaited<ReturnType<typeof buildResultsUploadSchool>>;
  const target = () => importTarget(f.school.id, f.school.brinCode, f.user.id);
  const scoresOfSchool = () =>
    database.db
      .select()
      .from(nationalTestScores)
      .where(eq(nationalTestScores.schoolId, f.school.id))
      .orderBy(nationalTestScores.id);
  const withoutIds = <T extends { id: number }>(rows: T[]) => rows.map(({ id: _id, ...rest }) => rest);
  const sortRows = <T extends { pupilId: number; nationalTestId: number; yearTime: string }>(rows: T[]) =>
    [...rows].sort(
      (a, b) =>
        a.pupilId - b.pupilId || a.nationalTestId - b.nationalTestId || a.yearTime.localeCompare(b.yearTime),
    );
  const apply = async (fileName: string, content: string | Buffer) => {
    const read = await readUploadFile(nationalResultsImporter, await uploadFile(fileName, content));
    return database.db.transaction(async (tx) => {
      const plan = await read.plan(tx, target());
      await plan.write(tx);
      return plan;
    });
  };
  const preview = async (fileName: string, content: string | Buffer) =>
    (await readUploadFile(nationalResultsImporter, await uploadFile(fileName, content))).plan(
      database.db,
      target(),
    );

  // CITO, school year 2025, moment M: groep 5 (six pupils) and the combination group (grades 6 and 7).
  let citoLines: Line[];

  beforeAll(async () => {
    database = await createTestDb();
    f = await buildResultsUploadSchool(database.db);
    const inGroup = f.pupils.filter((pupil) => pupil.groups[2025]);
    citoLines = inGroup.flatMap((pupil, index) =>
      (['RW', 'SP'] as const).map((subject, s) => ({
        pupil,
        subject,
        version: '3.0',
        moment: 'M' as const,
        date: `2026-01-${String(19 + s).padStart(2, '0')}`,
        ability: 100 + index * 3.5 + s,
        level: ['I', 'II', 'III', 'IV', 'V'][(index + s) % 5] ?? 'III',
        percentile: 90 - index * 10 - s,
        functional: index === 0 ? '>E8' : `M${4 + ((index + s) % 3)}`,
        dle: 20 + index + s,
        dleAbove: index === 7 && s === 1,
        reference: (pupil.groups[2025]?.grade ?? 0) >= 7 ? '1S' : null,
        projected: index % 2 === 0 ? '2F' : '<1F',
      })),
    );
  }, 120_000);
  afterAll(async () => {
    await database.destroy();
  });

  it('imports a CITO CSV (; and decimal commas, Dutch dates): every score field, preview counts, then nothing the second time', async () => {
    const csv = toCsv([CITO_HEADER, ...citoLines.map(citoRow)]);
    const before = await rowCounts(database.db);
    const planned = await preview('cito-m-2025.csv', csv);
    expect(planned.errors).toEqual([]);
    expect(planned.counts.results).toEqual({ add: citoLines.length, change: 0, unchanged: 0 });
    expect(planned.calendarYear).toBe(2025);
    // Planning writes nothing.
    expect(await rowCounts(database.db)).toEqual(before);

    const applied = await apply('cito-m-2025.csv', csv);
    expect(applied.counts.results).toEqual({ add: citoLines.length, change: 0, unchanged: 0 });
    const rows = await scoresOfSchool();
    expect(sortRows(withoutIds(rows))).toEqual(
      sortRows(citoLines.map((line) => expectedRow(line, 'CITO', f.school.id))),
    );

    const again = await apply('cito-m-2025.csv', csv);
    expect(again.counts.results).toEqual({ add: 0, change: 0, unchanged: citoLines.length });
    expect(await scoresOfSchool()).toEqual(rows);
  });

  it('changes only the rows whose scores differ, and keeps fields the file has no column for', async () => {
    const before = await scoresOfSchool();
    const changed = citoLines.map((line, index) =>
      index === 2 ? { ...line, ability: line.ability + 7 } : line,
    );
    // Without the Percentiel column: percentiles stay as they are.
    const header = CITO_HEADER.filter((name) => name !== 'Percentiel');
    const percentileAt = CITO_HEADER.indexOf('Percentiel');
    const csv = toCsv([header, ...changed.map((line) => citoRow(line).filter((_, i) => i !== percentileAt))]);
    const plan = await apply('cito-correctie.csv', csv);
    expect(plan.counts.results).toEqual({ add: 0, change: 1, unchanged: citoLines.length - 1 });
    const after = await scoresOfSchool();
    expect(after.map((row) => row.id)).toEqual(before.map((row) => row.id));
    const line = changed[2];
    if (!line) throw new Error('no line 2');
    const changedRow = after.find(
      (row) => row.pupilId === line.pupil.id && row.subjectId === SUBJECT_IDS[line.subject],
    );
    expect(changedRow?.abilityScore).toBe(line.ability);
    expect(changedRow?.percentile).toBe(line.percentile);
    expect(after.filter((row) => row !== changedRow)).toEqual(
      before.filter((row) => row.id !== changedRow?.id),
    );
  });

  it('imports a DIA CSV (, delimited, ISO dates, begin/midden/eind), matching a pupil by ECK-iD when the key is empty', async () => {
    const pupils = f.pupils.filter((pupil) => pupil.groups[2024]);
    const lines: Line[] = pupils.map((pupil, index) => ({
      pupil,
      subject: 'TBL',
      version: '2024',
      moment: 'E',
      date: '2025-06-10',
      ability: 130 + index,
      level: ['II', 'III', 'IV'][index % 3] ?? 'III',
      percentile: 70 - index,
      functional: 'E4',
      dle: 19,
      reference: null,
      projected: null,
    }));
    const header = [
      'Leerling ID',
      'ECK ID',
      'Naam leerling',
      'Diatoets',
      'Versie',
      'Afnameperiode',
      'Afnamedatum',
      'Diascore',
      'Niveau',
      'Percentielscore',
      'Functioneringsniveau',
      'DLE',
      'Referentieniveau',
      'Prognose referentieniveau',
    ];
    const csv = toCsv(
      [
        header,
        ...lines.map((line, index) => [
          // The first pupil by ECK-iD only.
          index === 0 ? '' : line.pupil.key,
          line.pupil.eckId,
          'Naam',
          'Begrijpend lezen',
          line.version,
          'eind',
          line.date,
          line.ability,
          line.level,
          line.percentile,
          line.functional,
          line.dle,
          '',
          '',
        ]),
      ],
      ',',
    );
    const plan = await apply('dia-eind-2024.csv', csv);
    expect(plan.errors).toEqual([]);
    expect(plan.counts.results).toEqual({ add: lines.length, change: 0, unchanged: 0 });
    const rows = (await scoresOfSchool()).filter((row) => row.providerId === PROVIDER_IDS.DIA);
    expect(sortRows(withoutIds(rows))).toEqual(
      sortRows(lines.map((line) => expectedRow(line, 'DIA', f.school.id, 2024))),
    );
  });

  it('imports an IEP XLSX (date cells and numbers of its first sheet), and nothing the second time', async () => {
    const pupils = f.pupils.filter((pupil) => pupil.groups[2025]);
    const lines: Line[] = pupils.map((pupil, index) => ({
      pupil,
      subject: 'RW',
      version: '2024',
      moment: 'M',
      date: '2026-02-03',
      ability: 80 + index * 2,
      level: ['I', 'II', 'III', 'IV', 'V'][index % 5] ?? 'I',
      percentile: 95 - index * 12,
      functional: 'M5',
      dle: 25 + index,
      reference: null,
      projected: '1F',
    }));
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Resultaten');
    sheet.addRow([
      'Leerling_sleutel',
      'Leerling',
      'IEP_toets',
      'Versie',
      'Meetmoment',
      'Afnamedatum',
      'IEP_score',
      'Niveau',
      'Percentiel',
      'Functioneringsniveau',
      'DLE',
      'Referentieniveau_behaald',
      'Referentieniveau_verwacht',
    ]);
    for (const line of lines) {
      const [y, m, d] = line.date.split('-').map(Number);
      sheet.addRow([
        line.pupil.key,
        'Naam',
        'Rekenen',
        line.version,
        'midden',
        new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d)),
        line.ability,
        line.level,
        line.percentile,
        line.functional,
        line.dle,
        null,
        line.projected,
      ]);
    }
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const plan = await apply('iep-midden-2025.xlsx', xlsx);
    expect(plan.errors).toEqual([]);
    expect(plan.counts.results).toEqual({ add: lines.length, change: 0, unchanged: 0 });
    const rows = (await scoresOfSchool()).filter((row) => row.providerId === PROVIDER_IDS.IEP);
    expect(sortRows(withoutIds(rows))).toEqual(
      sortRows(lines.map((line) => expectedRow(line, 'IEP', f.school.id))),
    );
    const again = await apply('iep-midden-2025.xlsx', xlsx);
    expect(again.counts.results).toEqual({ add: 0, change: 0, unchanged: lines.length });
  });

  it('gives every bad row an error with its line number and a reason, and plans only the good rows', async () => {
    const [p0, p1, p2] = f.pupils;
    const left = f.pupils[8];
    if (!p0 || !p1 || !p2 || !left) throw new Error('fixture pupils missing');
    const base: Line = {
      pupil: p0,
      subject: 'WST',
      version: '3.0',
      moment: 'E',
      date: '2025-06-12',
      ability: 90,
      level: 'III',
      percentile: 50,
      functional: 'E4',
      dle: 19,
      reference: null,
      projected: null,
    };
    const rows = [
      CITO_HEADER,
      citoRow(base), // line 2: good
      citoRow({ ...base, pupil: { ...p1, key: 'ONBEKEND', eckId: null } }), // 3: unknown key
      citoRow({ ...base, pupil: p1, ability: 250 }), // 4: out of range
      citoRow(base), // 5: duplicate of line 2
      citoRow({ ...base, pupil: p2, date: '2025-02-30' }), // 6: no such day
      citoRow({ ...base, pupil: p2, percentile: 140 }), // 7: percentile out of range
      citoRow({ ...base, pupil: left, date: '2025-10-02', moment: 'B' }), // 8: in no group in 2025
      citoRow({ ...base, pupil: p2, level: 'Z' }), // 9: no such level
    ];
    // Line 10: unknown test name; line 11: a test of the catalogue whose version does not exist.
    const unknownTest = citoRow({ ...base, pupil: p2 });
    unknownTest[5] = 'Sterrenkunde';
    const unknownVersion = citoRow({ ...base, pupil: p2 });
    unknownVersion[6] = '9.9';
    const csv = toCsv([...rows, unknownTest, unknownVersion]);
    const before = await rowCounts(database.db);
    const plan = await preview('fouten.csv', csv);
    const byLine = (line: number) => plan.errors.filter((error: UploadRowError) => error.line === line);
    expect(plan.errorCount).toBe(plan.errors.length);
    expect(plan.errors.map((error) => [error.line, error.code, error.field])).toEqual([
      [3, 'unknown_pupil', 'Leerlingnummer'],
      [4, 'out_of_range', 'Vaardigheidsscore'],
      [5, 'duplicate_row', null],
      [6, 'invalid_date', 'Afnamedatum'],
      [7, 'out_of_range', 'Percentiel'],
      [8, 'pupil_not_in_group', 'Leerlingnummer'],
      [9, 'invalid_value', 'Niveau'],
      [10, 'unknown_test', 'Toets'],
      [11, 'unknown_test', 'Toets'],
    ]);
    expect(byLine(3)[0]?.message).toContain('ONBEKEND');
    expect(byLine(4)[0]?.values).toMatchObject({ value: 250, min: 0, max: 200 });
    expect(byLine(5)[0]?.values).toEqual({ firstLine: 2 });
    expect(byLine(6)[0]?.message).toContain('30-02-2025');
    expect(plan.counts.results).toEqual({ add: 1, change: 0, unchanged: 0 });
    expect(await rowCounts(database.db)).toEqual(before);
  });

  it('counts line numbers from the header as line 1, also with a quoted line break in a cell', async () => {
    const [p0] = f.pupils;
    if (!p0) throw new Error('fixture pupil missing');
    const line: Line = {
      pupil: p0,
      subject: 'DMT',
      version: '3.0',
      moment: 'E',
      date: '2025-06-12',
      ability: 60,
      level: 'II',
      percentile: 70,
      functional: 'E4',
      dle: 19,
      reference: null,
      projected: null,
    };
    const multiline = citoRow(line);
    multiline[2] = 'Naam met\neen regeleinde';
    const bad = citoRow({ ...line, pupil: { ...p0, key: 'X1', eckId: null } });
    const plan = await preview('regeleinde.csv', toCsv([CITO_HEADER, multiline, bad]));
    expect(plan.errors.map((error) => [error.line, error.code])).toEqual([[4, 'unknown_pupil']]);
  });

  it('asks for the version where a provider has two tests of a subject (CITO 3.0 and LOVS 2.0), and takes LOVS levels A-E', async () => {
    const [p0, p1] = f.pupils;
    if (!p0 || !p1) throw new Error('fixture pupils missing');
    const line: Line = {
      pupil: p0,
      subject: 'SP',
      version: '2.0',
      moment: 'E',
      date: '2025-06-16',
      ability: 120,
      level: 'B',
      percentile: 60,
      functional: 'E4',
      dle: 19,
      reference: null,
      projected: null,
    };
    const versionAt = CITO_HEADER.indexOf('Toetsversie');
    const noVersion = citoRow({ ...line, pupil: p1 });
    noVersion[versionAt] = '';
    const plan = await apply('lovs.csv', toCsv([CITO_HEADER, citoRow(line), noVersion]));
    expect(plan.errors.map((error) => [error.line, error.code])).toEqual([[3, 'ambiguous_test']]);
    const [row] = (await scoresOfSchool()).filter((score) => score.nationalTestId === lovsTestId('SP'));
    expect(row && withoutIds([row])[0]).toEqual(expectedRow(line, 'CITO', f.school.id, 2024));
  });

  it('compares with results the school already had, also of other imports', async () => {
    const p3 = f.pupils[3];
    const group = p3?.groups[2024];
    if (!p3 || !group) throw new Error('fixture pupil missing');
    const existing = await createNationalScore(database.db, {
      schoolId: f.school.id,
      pupilId: p3.id,
      yearClassId: group.yearClassId,
      subject: 'DMT',
      calendarYear: 2024,
      yearTime: 'E',
      grade: group.grade,
      testDate: '2025-06-05',
      abilityScore: 55,
      levelValue: 3,
      roman: 'III',
      percentile: 45,
    });
    const line: Line = {
      pupil: p3,
      subject: 'DMT',
      version: '3.0',
      moment: 'E',
      date: '2025-06-05',
      ability: 55,
      level: 'III',
      percentile: 45,
      functional: 'E4',
      dle: 18,
      reference: null,
      projected: null,
    };
    const plan = await apply('dmt.csv', toCsv([CITO_HEADER, citoRow(line)]));
    // The file adds the functional level and DLE the stored row lacked.
    expect(plan.counts.results).toEqual({ add: 0, change: 1, unchanged: 0 });
    const [row] = await database.db
      .select()
      .from(nationalTestScores)
      .where(eq(nationalTestScores.id, existing.id));
    expect(row).toMatchObject({ functionalLevel: 'E4', dle: 18, abilityScore: 55, percentile: 45 });
  });

  it('refuses a file whose header is of no known export, or lacks a required column, and one that is empty', async () => {
    const refusal = async (content: string) => {
      try {
        await preview('x.csv', content);
      } catch (error) {
        if (error instanceof UploadRefused) return { code: error.code, values: error.values };
        throw error;
      }
      return null;
    };
    expect(await refusal('naam;score\nPiet;12\n')).toEqual({ code: 'unknown_layout', values: {} });
    const withoutDate = CITO_HEADER.filter((name) => name !== 'Afnamedatum');
    expect(await refusal(toCsv([withoutDate]))).toEqual({
      code: 'missing_column',
      values: { column: 'Afnamedatum', provider: 'CITO' },
    });
    expect(await refusal('\n\n')).toEqual({ code: 'empty_file', values: {} });
  });
});
