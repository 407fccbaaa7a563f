import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDb, type TestDatabase } from '../helpers/db';
import { rowCounts } from '../helpers/row-counts';
import { domains, goals, methodTestScores, testSectionScores, testSections } from '../../src/db/schema/index';
import { UploadRefused } from '../../src/modules/uploads/importer';
import { methodResultsImporter } from '../../src/modules/uploads/method-results/index';
import {
  buildCatalog,
  methodTestId,
  SECTION_MAX_SCORE,
  SUBJECT_IDS,
  testSectionId,
} from '../../src/seed/catalog';
import {
  buildResultsUploadSchool,
  importTarget,
  readUploadFile,
  toCsv,
  uploadFile,
  type UploadPupil,
} from '../fixtures/uploads/results/results-upload-school';

/** Pluspunt (method 1, RW, max 40, sections A-D of 10) and Staal Spelling (method 2, SP, max 30, no sections). */
const PLUSPUNT = { id: 1, code: 'PLUSPUNT', name: 'Pluspunt', max: 40, subject: 'RW' as const };
const STAAL = { id: 2, code: 'STAAL', name: 'Staal Spelling', max: 30, subject: 'SP' as const };

const HEADER = [
  'Leerlingnummer',
  'ECK-iD',
  'Naam',
  'Methode',
  'Leerjaar',
  'Blok',
  'Toets',
  'Afnamedatum',
  'Score',
  'Beoordeling',
  'Onderdeel A',
  'Onderdeel B',
  'Onderdeel C',
  'Onderdeel D',
];

interface Line {
  pupil: UploadPupil;
  method: typeof PLUSPUNT | typeof STAAL;
  /** the test's grade and block */
  grade: number;
  block: number;
  date: string;
  score: number;
  performance: 'G' | 'V' | 'M' | 'O';
  /** Section scores A-D (Pluspunt only); null: empty cell. */
  sections: (number | null)[];
}

const dutchDate = (iso: string) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;

function csvRow(line: Line, methodName: string = line.method.code): (string | number | null)[] {
  return [
    line.pupil.key,
    line.pupil.eckId,
    'Naam',
    methodName,
    line.grade,
    line.block,
    `${line.method.name} groep ${line.grade} blok ${line.block}`,
    dutchDate(line.date),
    String(line.score).replace('.', ','),
    line.performance,
    ...[0, 1, 2, 3].map((index) => line.sections[index] ?? null),
  ];
}

describe('method results upload', () => {
  let database: TestDatabase;
  let f: Awaited<ReturnType<typeof buildResultsUploadSchool>>;
  const target = () => importTarget(f.school.id, f.school.brinCode, f.user.id);
  const preview = async (name: string, content: string) =>
    (await readUploadFile(methodResultsImporter, await uploadFile(name, content))).plan(
      database.db,
      target(),
    );
  const apply = async (name: string, content: string) => {
    const read = await readUploadFile(methodResultsImporter, await uploadFile(name, content));
    return database.db.transaction(async (tx) => {
      const plan = await read.plan(tx, target());
      await plan.write(tx);
      return plan;
    });
  };
  const stored = async () => {
    const scores = await database.db
      .select()
      .from(methodTestScores)
      .where(eq(methodTestScores.schoolId, f.school.id))
      .orderBy(methodTestScores.id);
    const sections = await database.db
      .select()
      .from(testSectionScores)
      .where(eq(testSectionScores.schoolId, f.school.id))
      .orderBy(testSectionScores.id);
    return { scores, sections };
  };
  /** What the database should hold for the lines (school year 2025, the pupils' groep 5 or 6/7). */
  const expected = (lines: Line[]) => ({
    scores: lines
      .map((line) => ({
        schoolId: f.school.id,
        pupilId: line.pupil.id,
        yearClassId: line.pupil.groups[2025]?.yearClassId,
        methodTestId: methodTestId(line.method.id, line.grade, line.block),
        subjectId: SUBJECT_IDS[line.method.subject],
        calendarYear: 2025,
        score: line.score,
        performance: line.performance,
        testDate: line.date,
      }))
      .sort((a, b) => a.pupilId - b.pupilId || a.methodTestId - b.methodTestId),
    sections: lines
      .flatMap((line) =>
        line.sections.flatMap((score, index) =>
          score === null
            ? []
            : [
                {
                  pupilId: line.pupil.id,
                  testSectionId: testSectionId(line.method.id, line.grade, line.block, index),
                  score,
                  maxScore: SECTION_MAX_SCORE,
                },
              ],
        ),
      )
      .sort((a, b) => a.testSectionId - b.testSectionId || a.pupilId - b.pupilId),
  });
  const actual = async () => {
    const { scores, sections } = await stored();
    return {
      scores: scores
        .map(({ id: _id, ...rest }) => rest)
        .sort((a, b) => a.pupilId - b.pupilId || a.methodTestId - b.methodTestId),
      sections: sections
        .map((section) => ({
          pupilId: section.pupilId,
          testSectionId: section.testSectionId,
          score: section.score,
          maxScore: section.maxScore,
        }))
        .sort((a, b) => a.testSectionId - b.testSectionId || a.pupilId - b.pupilId),
    };
  };

  let lines: Line[];

  beforeAll(async () => {
    database = await createTestDb();
    f = await buildResultsUploadSchool(database.db);
    const catalog = buildCatalog();
    await database.db.insert(domains).values(catalog.domains);
    await database.db.insert(goals).values(catalog.goals);
    await database.db.insert(testSections).values(catalog.testSections);
    const inGroup = f.pupils.filter((pupil) => pupil.groups[2025]);
    lines = inGroup.flatMap((pupil, index) => [
      {
        pupil,
        method: PLUSPUNT,
        grade: 5,
        block: 2,
        date: '2025-11-14',
        score: 20 + index * 2.5,
        performance: (['G', 'V', 'M', 'O'] as const)[index % 4] ?? 'G',
        // The last pupil has no score for section D.
        sections: [5 + (index % 5), 6, 7.5, index === inGroup.length - 1 ? null : 4],
      },
      {
        pupil,
        method: STAAL,
        grade: 5,
        block: 1,
        date: '2025-10-03',
        score: 15 + index,
        performance: 'V' as const,
        sections: [],
      },
    ]);
  }, 120_000);
  afterAll(async () => {
    await database.destroy();
  });

  it('imports G/V/M/O results with section scores, with preview counts, and nothing the second time', async () => {
    const csv = toCsv([HEADER, ...lines.map((line) => csvRow(line))]);
    const before = await rowCounts(database.db);
    const planned = await preview('methode.csv', csv);
    expect(planned.errors).toEqual([]);
    expect(planned.counts.results).toEqual({ add: lines.length, change: 0, unchanged: 0 });
    expect(planned.calendarYear).toBe(2025);
    expect(await rowCounts(database.db)).toEqual(before);

    await apply('methode.csv', csv);
    expect(await actual()).toEqual(expected(lines));
    const first = await stored();
    const again = await apply('methode.csv', csv);
    expect(again.counts.results).toEqual({ add: 0, change: 0, unchanged: lines.length });
    expect(await stored()).toEqual(first);
  });

  it('changes a result whose score or section differs, and removes a section score whose cell is emptied', async () => {
    const changed = lines.map((line, index) => {
      if (index === 0) return { ...line, score: line.score + 1, performance: 'G' as const };
      if (index === 2) return { ...line, sections: [line.sections[0] ?? null, 9, null, 4] };
      return line;
    });
    // The method by its name this time.
    const csv = toCsv([HEADER, ...changed.map((line) => csvRow(line, line.method.name))]);
    const plan = await apply('methode-2.csv', csv);
    expect(plan.counts.results).toEqual({ add: 0, change: 2, unchanged: lines.length - 2 });
    expect(await actual()).toEqual(expected(changed));
  });

  it('gives bad rows errors with line numbers and plans only the good ones', async () => {
    const [p0, p1] = f.pupils;
    const left = f.pupils[8];
    if (!p0 || !p1 || !left) throw new Error('fixture pupils missing');
    const base: Line = {
      pupil: p0,
      method: PLUSPUNT,
      grade: 5,
      block: 3,
      date: '2026-01-12',
      score: 30,
      performance: 'G',
      sections: [8, 8, 7, 7],
    };
    const unknownMethod = csvRow({ ...base, pupil: p1 });
    unknownMethod[3] = 'Rekenrijk';
    const csv = toCsv([
      HEADER,
      csvRow(base), // 2: good
      csvRow({ ...base, pupil: { ...p1, key: 'ONBEKEND', eckId: null } }), // 3
      csvRow({ ...base, pupil: p1, score: 41 }), // 4: above the test's 40
      csvRow(base), // 5: duplicate of 2
      csvRow({ ...base, pupil: p1, date: '2026-13-01' }), // 6
      csvRow({ ...base, pupil: p1, sections: [11, 1, 1, 1] }), // 7: section above 10
      csvRow({ ...base, pupil: left, date: '2025-12-01' }), // 8: in no group in 2025
      unknownMethod, // 9
      csvRow({ ...base, pupil: p1, method: STAAL, block: 2, score: 10, sections: [3] }), // 10: Staal has no sections
      csvRow({ ...base, pupil: p1, performance: 'X' as 'G' }), // 11
    ]);
    const before = await rowCounts(database.db);
    const plan = await preview('fouten.csv', csv);
    expect(plan.errors.map((error) => [error.line, error.code, error.field])).toEqual([
      [3, 'unknown_pupil', 'Leerlingnummer'],
      [4, 'out_of_range', 'Score'],
      [5, 'duplicate_row', null],
      [6, 'invalid_date', 'Afnamedatum'],
      [7, 'out_of_range', 'Onderdeel A'],
      [8, 'pupil_not_in_group', 'Leerlingnummer'],
      [9, 'unknown_method', 'Methode'],
      [10, 'unknown_section', 'Onderdeel A'],
      [11, 'invalid_value', 'Beoordeling'],
    ]);
    expect(plan.errorCount).toBe(9);
    expect(plan.counts.results).toEqual({ add: 1, change: 0, unchanged: 0 });
    expect(await rowCounts(database.db)).toEqual(before);
  });

  it('refuses a file without a required column', async () => {
    const header = HEADER.filter((name) => name !== 'Beoordeling');
    await expect(preview('x.csv', toCsv([header]))).rejects.toSatisfy(
      (error: unknown) =>
        error instanceof UploadRefused &&
        error.code === 'missing_column' &&
        error.values.column === 'Beoordeling',
    );
  });
});
