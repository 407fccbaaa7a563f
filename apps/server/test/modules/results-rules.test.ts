import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  readSchoolHistory,
  readYearClassResult,
  type ReferenceResult,
  type SubjectCode,
  type YearTime,
} from '@leerzicht/contract';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import {
  addMember,
  createCatalog,
  createNationalScore,
  createNationalTestVersion,
  createPupil,
  createSchool,
  createUser,
  createYearClass,
} from '../helpers/factories';
import { signIn } from '../helpers/sign-in';
import { SUBJECT_IDS } from '../../src/seed/catalog';

/*
 * The rules of issue 10 that make correct numbers tell the right thing, each on a few rows inserted here:
 * reference-level shares only over results that carry a reference result; no mean ability across tests;
 * growth only from results the page shows and never across a test version.
 */
const NOW = new Date('2026-03-01T10:00:00Z');

describe('results rules', () => {
  let t: TestApp;
  let token = '';
  let schoolId = 0;
  let g8Id = 0;
  const pupilIds: Record<string, number> = {};
  let newVersionTest = 0;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const db = t.database.db;
    await createCatalog(db);
    const school = await createSchool(db, { name: 'Regelschool' });
    schoolId = school.id;
    const g8 = await createYearClass(db, school.id, { name: 'Groep 8', grade: 8, calendarYear: 2025 });
    const g5 = await createYearClass(db, school.id, { name: 'Groep 5', grade: 5, calendarYear: 2025 });
    g8Id = g8.id;
    for (const name of ['Anna', 'Bram', 'Cas', 'Dewi'])
      pupilIds[name] = (
        await createPupil(
          db,
          school.id,
          { firstName: name, lastName: 'Test' },
          { yearClassId: g8.id, grade: 8 },
        )
      ).id;
    for (const name of ['Eva', 'Finn'])
      pupilIds[name] = (
        await createPupil(
          db,
          school.id,
          { firstName: name, lastName: 'Test' },
          { yearClassId: g5.id, grade: 5 },
        )
      ).id;
    newVersionTest = await createNationalTestVersion(db, { provider: 'CITO', subject: 'RW', version: '4.0' });

    const score = (
      name: string,
      subject: SubjectCode,
      calendarYear: number,
      yearTime: YearTime,
      values: { abilityScore: number; referenceLevel?: ReferenceResult | null; nationalTestId?: number },
    ) =>
      createNationalScore(db, {
        schoolId: school.id,
        pupilId: pupilIds[name] ?? 0,
        yearClassId: name === 'Eva' || name === 'Finn' ? g5.id : g8.id,
        subject,
        calendarYear,
        yearTime,
        grade: name === 'Eva' || name === 'Finn' ? 5 : 8,
        testDate: `${calendarYear + 1}-${yearTime === 'M' ? '01-20' : '06-10'}`,
        percentile: 50,
        ...values,
      });

    // Spelling at 2025-M: four grade-8 results with a reference result, two grade-5 results without one.
    const references: [string, ReferenceResult][] = [
      ['Anna', '<1F'],
      ['Bram', '1F'],
      ['Cas', '2F'],
      ['Dewi', '2F'],
    ];
    for (const [name, referenceLevel] of references)
      await score(name, 'SP', 2025, 'M', { abilityScore: 120, referenceLevel });
    for (const name of ['Eva', 'Finn']) await score(name, 'SP', 2025, 'M', { abilityScore: 100 });

    // Arithmetic at 2025-E: Anna and Bram on version 3.0, Cas and Dewi on the new version 4.0.
    await score('Anna', 'RW', 2025, 'E', { abilityScore: 100 });
    await score('Bram', 'RW', 2025, 'E', { abilityScore: 110 });
    await score('Cas', 'RW', 2025, 'E', { abilityScore: 300, nationalTestId: newVersionTest });
    await score('Dewi', 'RW', 2025, 'E', { abilityScore: 310, nationalTestId: newVersionTest });
    // Cas's previous arithmetic result was on version 3.0: no growth across the change.
    await score('Cas', 'RW', 2025, 'M', { abilityScore: 95 });
    // Anna's only earlier arithmetic result lies eleven years back, outside the 120-month window.
    await score('Anna', 'RW', 2014, 'E', { abilityScore: 40 });
    // Bram's earlier result lies inside the window: growth 110 - 90.
    await score('Bram', 'RW', 2024, 'E', { abilityScore: 90 });

    const user = await createUser(db, { firstName: 'Directeur' });
    if (!user) throw new Error('user');
    await addMember(db, school.id, user.id, { isSchoolSuperuser: true });
    token = await signIn(t, user);
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject(authed(token, { method: 'GET', url: api(url) }));

  async function schoolAggregate(subject: SubjectCode, key: string) {
    const body = readSchoolHistory((await get(`/school_history/${schoolId}/`)).json());
    return body.exams
      .find((exam) => exam.key === key)
      ?.results.find((result) => result.subjectId === SUBJECT_IDS[subject])?.school;
  }

  it('shares reference levels only over results that carry a reference result, and names their grades', async () => {
    const aggregate = await schoolAggregate('SP', '2025-M');
    const withReference = ['<1F', '1F', '2F', '2F'];
    expect(aggregate?.pupilCount).toBe(6);
    expect(aggregate?.referenceCount).toBe(withReference.length);
    expect(aggregate?.referenceGrades).toEqual([8]);
    const at1F = withReference.filter((level) => level !== '<1F').length;
    const atTarget = withReference.filter((level) => level === '2F' || level === '1S').length;
    expect(aggregate?.share1F).toBeCloseTo((100 * at1F) / withReference.length, 2);
    expect(aggregate?.shareTarget).toBeCloseTo((100 * atTarget) / withReference.length, 2);
  });

  it('gives no mean ability over results of two test versions, and names both tests', async () => {
    const aggregate = await schoolAggregate('RW', '2025-E');
    expect(aggregate?.pupilCount).toBe(4);
    expect(aggregate?.meanAbilityScore).toBeNull();
    expect(aggregate?.tests).toEqual([
      { provider: 'CITO', version: '3.0' },
      { provider: 'CITO', version: '4.0' },
    ]);
    // Within one test the mean stands: 2024-E has only Bram's 3.0 result.
    const single = await schoolAggregate('RW', '2024-E');
    expect(single?.meanAbilityScore).toBe(90);
  });

  it('computes growth only from results the page shows and never across a test version', async () => {
    const body = readYearClassResult((await get(`/year_classes/${g8Id}/result/`)).json());
    const growthOf = (name: string) =>
      body.pupils
        .find((pupil) => pupil.id === pupilIds[name])
        ?.scores.filter((s) => s.subjectId === SUBJECT_IDS.RW && s.growth !== null)
        .map((s) => [`${s.calendarYear}-${s.yearTime}`, s.growth]);
    expect(growthOf('Bram')).toEqual([['2025-E', 110 - 90]]);
    expect(growthOf('Anna')).toEqual([]);
    expect(growthOf('Cas')).toEqual([]);
    // The result outside the window is not listed either.
    const anna = body.pupils.find((pupil) => pupil.id === pupilIds.Anna);
    expect(anna?.scores.some((s) => s.calendarYear === 2014)).toBe(false);
  });
});
