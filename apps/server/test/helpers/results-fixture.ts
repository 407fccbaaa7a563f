import type { Db } from '../../src/db/client';
import {
  DL_MAX,
  monthsOfEducation,
  type ReferenceResult,
  type SubjectCode,
  type TestProviderCode,
  type YearTime,
} from '@leerzicht/contract';
import { yearClassNotes, yearClassPupils } from '../../src/db/schema/index';
import { buildCatalog, nationalTestId, SUBJECT_IDS } from '../../src/seed/catalog';
import {
  addMember,
  createCatalog,
  createNationalScore,
  createPupil,
  createSchool,
  createUser,
  createYearClass,
  permitGroup,
} from './factories';

/*
 * A small school with two cohorts over two school years, written for the results tests. The tests compute every
 * expected figure themselves from `rows` (what was inserted), never from the API.
 */

type Pupil = Awaited<ReturnType<typeof createPupil>>;

/**
 * The users of the results tests' role checks: a superuser, a senco and a teacher of the given groups at the school,
 * and a superuser of another school.
 */
export async function addResultRoles(
  db: Db,
  schoolId: number,
  otherSchoolId: number,
  teacherGroupIds: readonly number[],
) {
  const [superuser, senco, teacher, outsider] = [
    await createUser(db, { firstName: 'Super' }),
    await createUser(db, { firstName: 'Senco' }),
    await createUser(db, { firstName: 'Leerkracht' }),
    await createUser(db, { firstName: 'Buiten' }),
  ];
  if (!superuser || !senco || !teacher || !outsider) throw new Error('users not created');
  await addMember(db, schoolId, superuser.id, { isSchoolSuperuser: true });
  await addMember(db, schoolId, senco.id, { isSenco: true });
  await addMember(db, schoolId, teacher.id);
  for (const groupId of teacherGroupIds) await permitGroup(db, schoolId, teacher.id, groupId);
  await addMember(db, otherSchoolId, outsider.id, { isSchoolSuperuser: true });
  return { superuser, senco, teacher, outsider };
}

export type Roman = 'I' | 'II' | 'III' | 'IV' | 'V';
export interface InsertedScore {
  id: number;
  pupilId: number;
  yearClassId: number;
  subject: SubjectCode;
  provider: TestProviderCode;
  calendarYear: number;
  yearTime: YearTime;
  grade: number;
  abilityScore: number;
  percentile: number;
  roman: Roman;
  levelValue: number;
  referenceLevel: ReferenceResult | null;
  /** The version of the result's test in the demo catalogue. */
  version: string;
  dle: number;
  dleAboveScale: boolean;
  testDate: string;
  excluded: boolean;
}

const ROMANS: Roman[] = ['I', 'II', 'III', 'IV', 'V'];
const CATALOG_TESTS = buildCatalog().nationalTests;
/** The version of the catalogue test a result is inserted under (createCatalog inserts these rows). */
const versionOf = (provider: TestProviderCode, subject: SubjectCode): string =>
  CATALOG_TESTS.find((test) => test.id === nationalTestId(provider, subject))?.version ?? '';
const romanOf = (percentile: number): Roman =>
  percentile > 80 ? 'I' : percentile > 60 ? 'II' : percentile > 40 ? 'III' : percentile > 20 ? 'IV' : 'V';
/** Reference results only in grades 7-8; below percentile 10 below 1F. */
const referenceOf = (subject: SubjectCode, percentile: number, grade: number): ReferenceResult | null => {
  if (grade < 7) return null;
  if (percentile >= 45) return subject === 'RW' ? '1S' : '2F';
  return percentile >= 10 ? '1F' : '<1F';
};
const DATES: Record<YearTime, [number, string]> = {
  B: [0, '-09-20'],
  X: [1, '-03-10'],
  M: [1, '-01-25'],
  E: [1, '-06-10'],
};

export async function buildResultsSchool(db: Db) {
  await createCatalog(db);
  const school = await createSchool(db, { name: 'Resultatenschool' });
  const other = await createSchool(db, { name: 'Andere school' });
  const g5 = await createYearClass(db, school.id, { name: 'Groep 5', grade: 5, calendarYear: 2024 });
  const g6old = await createYearClass(db, school.id, { name: 'Groep 6', grade: 6, calendarYear: 2024 });
  const g6 = await createYearClass(db, school.id, { name: 'Groep 6', grade: 6, calendarYear: 2025 });
  const g7 = await createYearClass(db, school.id, { name: 'Groep 7', grade: 7, calendarYear: 2025 });
  const otherGroup = await createYearClass(db, other.id, { name: 'Groep 6', grade: 6, calendarYear: 2025 });

  const cohort1: Pupil[] = [];
  for (const [firstName, prefix, lastName, excluded] of [
    ['Jan', 'van', 'Dijk', false],
    ['Anna', 'de', 'Boer', false],
    ['Piet', '', 'Zwart', false],
    ['Els', 'van der', 'Berg', false],
    ['Karim', '', 'Bakker', false],
    ['Xander', '', 'Uitgesloten', true],
  ] as const) {
    const pupil = await createPupil(
      db,
      school.id,
      { firstName, lastNamePrefix: prefix, lastName, citoIsExcluded: excluded },
      { yearClassId: g5.id, grade: 5 },
    );
    cohort1.push(pupil);
  }
  const cohort2: Pupil[] = [];
  for (const [firstName, lastName] of [
    ['Mila', 'Jansen'],
    ['Noah', 'Visser'],
    ['Sara', 'Wit'],
  ] as const) {
    cohort2.push(
      await createPupil(db, school.id, { firstName, lastName }, { yearClassId: g6old.id, grade: 6 }),
    );
  }
  for (const pupil of cohort1)
    await db
      .insert(yearClassPupils)
      .values({ schoolId: school.id, yearClassId: g6.id, pupilId: pupil.id, grade: 6 });
  for (const pupil of cohort2)
    await db
      .insert(yearClassPupils)
      .values({ schoolId: school.id, yearClassId: g7.id, pupilId: pupil.id, grade: 7 });
  const otherPupil = await createPupil(
    db,
    other.id,
    { firstName: 'Ander', lastName: 'Kind' },
    { yearClassId: otherGroup.id, grade: 6 },
  );

  const rows: InsertedScore[] = [];
  const add = async (
    pupil: { id: number; citoIsExcluded: boolean },
    index: number,
    subject: SubjectCode,
    calendarYear: number,
    yearTime: YearTime,
    provider: TestProviderCode = 'CITO',
  ) => {
    const inFirstYear = calendarYear === 2024;
    const isCohort1 = cohort1.some((p) => p.id === pupil.id);
    const yearClassId = isCohort1 ? (inFirstYear ? g5.id : g6.id) : inFirstYear ? g6old.id : g7.id;
    const grade = (isCohort1 ? 5 : 6) + (inFirstYear ? 0 : 1);
    const moment = ['B', 'X', 'M', 'E'].indexOf(yearTime) + (calendarYear - 2024) * 4;
    const providerShift = provider === 'CITO' ? 0 : provider === 'DIA' ? 30 : 60;
    const abilityScore = pupil.citoIsExcluded
      ? 199
      : 50 + 7 * index + 3 * moment + (subject === 'SP' ? 10 : 0) + providerShift + 0.5;
    const percentile = pupil.citoIsExcluded
      ? 99
      : (17 * index + 11 * moment + (subject === 'SP' ? 5 : 0) + providerShift) % 100;
    const roman = romanOf(percentile);
    const [offset, suffix] = DATES[yearTime];
    const testDate = `${calendarYear + offset}${suffix}`;
    const referenceLevel = referenceOf(subject, percentile, grade);
    // DLE around DL (index 1 above the tables' scale): the lag averages must leave that one out.
    const dleAboveScale = index % 10 === 1;
    const dle = dleAboveScale
      ? DL_MAX
      : Math.max(0, Math.min(DL_MAX, monthsOfEducation(grade, yearTime) - ((index % 5) - 2) * 2));
    const score = await createNationalScore(db, {
      schoolId: school.id,
      pupilId: pupil.id,
      yearClassId,
      subject,
      provider,
      calendarYear,
      yearTime,
      grade,
      testDate,
      abilityScore,
      percentile,
      roman,
      levelValue: 5 - ROMANS.indexOf(roman),
      referenceLevel,
      dle,
      dleAboveScale,
    });
    rows.push({
      id: score.id,
      pupilId: pupil.id,
      yearClassId,
      subject,
      provider,
      calendarYear,
      yearTime,
      grade,
      abilityScore,
      percentile,
      roman,
      levelValue: 5 - ROMANS.indexOf(roman),
      referenceLevel,
      version: versionOf(provider, subject),
      dle,
      dleAboveScale,
      testDate,
      excluded: pupil.citoIsExcluded,
    });
  };
  // Inserted out of order on purpose: the API sorts the exams.
  const moments: [number, YearTime][] = [
    [2025, 'M'],
    [2024, 'E'],
    [2025, 'B'],
    [2024, 'M'],
    [2024, 'X'],
  ];
  for (const [calendarYear, yearTime] of moments) {
    for (const subject of ['SP', 'RW'] as const) {
      for (const [index, pupil] of cohort1.entries())
        await add(pupil, index, subject, calendarYear, yearTime);
      for (const [index, pupil] of cohort2.entries()) {
        // Sara has DIA results only; Mila has DIA and IEP for spelling in 2025 (DIA counts).
        const provider =
          index === 2 ? 'DIA' : calendarYear === 2025 && index === 0 && subject === 'SP' ? 'IEP' : 'CITO';
        await add(pupil, index + 10, subject, calendarYear, yearTime, provider);
        if (provider === 'IEP') await add(pupil, index + 10, subject, calendarYear, yearTime, 'DIA');
      }
    }
  }
  // Karim (cohort 1) has CITO and DIA for arithmetic at 2024-M: only CITO counts.
  const karim = cohort1[4];
  if (karim) await add(karim, 4, 'RW', 2024, 'M', 'DIA');
  await createNationalScore(db, {
    schoolId: other.id,
    pupilId: otherPupil.id,
    yearClassId: otherGroup.id,
    subject: 'RW',
    calendarYear: 2025,
    yearTime: 'M',
    grade: 6,
    abilityScore: 10,
    percentile: 5,
  });

  const { superuser, senco, teacher, outsider } = await addResultRoles(db, school.id, other.id, [
    g5.id,
    g6.id,
  ]);

  const [note5] = await db
    .insert(yearClassNotes)
    .values({
      schoolId: school.id,
      yearClassId: g6.id,
      kind: 'test_moment',
      subjectId: SUBJECT_IDS.RW,
      calendarYear: 2025,
      yearTime: 'M',
      content: 'Rekenen ging goed',
      relatedPupilIds: cohort1.slice(0, 2).map((p) => p.id),
    })
    .returning();
  await db.insert(yearClassNotes).values({
    schoolId: school.id,
    yearClassId: g7.id,
    kind: 'test_moment',
    subjectId: SUBJECT_IDS.SP,
    calendarYear: 2025,
    yearTime: 'M',
    content: 'Spelling groep 7',
  });

  return {
    school,
    other,
    groups: { g5, g6old, g6, g7, otherGroup },
    cohort1,
    cohort2,
    otherPupil,
    rows,
    users: { superuser, senco, teacher, outsider },
    noteId: note5?.id ?? 0,
  };
}
