import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { schoolYearOf, type SubjectCode, type TestProviderCode } from '@leerzicht/contract';
import type { Db } from '../../src/db/client';
import {
  methodTestScores,
  methodTests,
  methods,
  nationalNorms,
  nationalTestScores,
  nationalTests,
  subjects,
  testProviders,
  schoolMemberships,
  schools,
  teacherGroupPermissions,
  userSettings,
  users,
  yearClassPupils,
  yearClasses,
  pupils,
} from '../../src/db/schema/index';
import { hashPassword } from '../../src/platform/passwords';
import { buildCatalog, nationalTestId, PROVIDER_IDS, SUBJECT_IDS } from '../../src/seed/catalog';
import { normRows } from '../../src/seed/norms';

export const TEST_PASSWORD = 'correct horse battery';
let cachedHash: Promise<string> | null = null;
// One argon2id hash serves every factory user, so tests don't pay for hashing each time.
const passwordHash = () => (cachedHash ??= hashPassword(TEST_PASSWORD));

const unique = () => randomBytes(4).toString('hex');

// BRIN codes have room for 4 hex digits only: random ones collided now and then (a failed insert), so they
// count up from a random start instead, which keeps them unique within a test file's database.
let brinCounter = randomBytes(2).readUInt16BE();
const nextBrinCode = () => {
  const digits = (brinCounter++ % 0x10000).toString(16).toUpperCase().padStart(4, '0');
  return `${digits.slice(0, 2)}T${digits.slice(2)}`;
};

export async function createSchool(db: Db, values: Partial<typeof schools.$inferInsert> = {}) {
  const suffix = unique();
  const [school] = await db
    .insert(schools)
    .values({
      brinCode: nextBrinCode(),
      name: `Testschool ${suffix}`,
      startYear: 2015,
      payingStatus: true,
      ...values,
    })
    .returning();
  if (!school) throw new Error('school not created');
  return school;
}

export async function createUser(db: Db, values: Partial<typeof users.$inferInsert> = {}) {
  const suffix = unique();
  const [user] = await db
    .insert(users)
    .values({
      username: `user-${suffix}`,
      email: `user-${suffix}@school.example`,
      passwordHash: await passwordHash(),
      firstName: 'Test',
      lastName: `Gebruiker ${suffix}`,
      ...values,
    })
    .returning();
  if (!user) throw new Error('user not created');
  await db.insert(userSettings).values({ userId: user.id });
  return user;
}

export async function addMember(
  db: Db,
  schoolId: number,
  userId: number,
  role: { isSchoolSuperuser?: boolean; isSenco?: boolean } = {},
) {
  await db.insert(schoolMemberships).values({ schoolId, userId, ...role });
}

export type YearClass = typeof yearClasses.$inferSelect;

/**
 * A group. Called with only values, the missing parts are filled in: a new school when there is no schoolId,
 * grade 5, the school year of today and a name unique within the school year.
 */
export async function createYearClass(
  db: Db,
  values?: Partial<typeof yearClasses.$inferInsert>,
): Promise<YearClass>;
export async function createYearClass(
  db: Db,
  schoolId: number,
  values: { name: string; grade: number; calendarYear: number },
): Promise<YearClass>;
export async function createYearClass(
  db: Db,
  schoolIdOrValues: number | Partial<typeof yearClasses.$inferInsert> = {},
  values: { name: string; grade: number; calendarYear: number } | null = null,
): Promise<YearClass> {
  const given =
    typeof schoolIdOrValues === 'number' ? { schoolId: schoolIdOrValues, ...values } : schoolIdOrValues;
  const grade = given.grade ?? 5;
  const [yearClass] = await db
    .insert(yearClasses)
    .values({
      name: `Groep ${grade} ${unique()}`,
      calendarYear: schoolYearOf(new Date()),
      ...given,
      grade,
      schoolId: given.schoolId ?? (await createSchool(db)).id,
    })
    .returning();
  if (!yearClass) throw new Error('year class not created');
  return yearClass;
}

export async function enrolPupils(db: Db, schoolId: number, yearClassId: number, grades: number[]) {
  const created = [];
  for (const [index, grade] of grades.entries()) {
    const [pupil] = await db
      .insert(pupils)
      .values({ schoolId, firstName: `Leerling${index}`, lastName: `Achternaam${index}` })
      .returning();
    if (!pupil) throw new Error('pupil not created');
    await db.insert(yearClassPupils).values({ schoolId, yearClassId, pupilId: pupil.id, grade });
    created.push(pupil);
  }
  return created;
}

export async function permitGroup(db: Db, schoolId: number, userId: number, yearClassId: number) {
  await db.insert(teacherGroupPermissions).values({ schoolId, userId, yearClassId });
}

/* ---------- results (issue 5): catalogue, pupils, national and method scores ---------- */

/** The demo catalogue (subjects with positions unlike their ids, providers, tests, methods) and norms. */
export async function createCatalog(db: Db) {
  const catalog = buildCatalog();
  await db.insert(subjects).values(catalog.subjects);
  await db.insert(testProviders).values(catalog.testProviders);
  await db.insert(nationalTests).values(catalog.nationalTests);
  await db.insert(methods).values(catalog.methods);
  await db.insert(methodTests).values(catalog.methodTests);
  await db.insert(nationalNorms).values(normRows(PROVIDER_IDS, SUBJECT_IDS));
  return catalog;
}

export type Pupil = typeof pupils.$inferSelect;

export interface PupilOptions extends Partial<typeof pupils.$inferInsert> {
  /** The group to enrol in; without it a new group is made (in `schoolId`'s school, else in a new school). */
  yearClass?: Pick<YearClass, 'id' | 'schoolId' | 'grade'>;
  /** The pupil's own grade; the group's grade by default. */
  grade?: number;
}

/**
 * A pupil. With options only (or none), the pupil is enrolled in a group, made here when not given, and the
 * group's id comes back with the pupil. The form with a school id makes the pupil as told: enrolled only
 * when `enrolment` is given.
 */
export async function createPupil(
  db: Db,
  options?: PupilOptions,
): Promise<Pupil & { yearClassId: number; grade: number }>;
export async function createPupil(
  db: Db,
  schoolId: number,
  values: Partial<typeof pupils.$inferInsert> & { firstName: string; lastName: string },
  enrolment?: { yearClassId: number; grade: number },
): Promise<Pupil>;
export async function createPupil(
  db: Db,
  schoolIdOrOptions: number | PupilOptions = {},
  values?: Partial<typeof pupils.$inferInsert> & { firstName: string; lastName: string },
  enrolment?: { yearClassId: number; grade: number },
): Promise<Pupil | (Pupil & { yearClassId: number; grade: number })> {
  if (typeof schoolIdOrOptions === 'number') {
    const schoolId = schoolIdOrOptions;
    if (!values) throw new Error('createPupil(db, schoolId, values): values missing');
    const pupil = await insertPupil(db, { schoolId, ...values });
    if (enrolment) await db.insert(yearClassPupils).values({ schoolId, pupilId: pupil.id, ...enrolment });
    return pupil;
  }
  const { yearClass: givenGroup, grade: givenGrade, ...pupilValues } = schoolIdOrOptions;
  const yearClass =
    givenGroup ?? (await createYearClass(db, pupilValues.schoolId ? { schoolId: pupilValues.schoolId } : {}));
  const suffix = unique();
  const pupil = await insertPupil(db, {
    firstName: `Leerling ${suffix}`,
    lastName: `Achternaam ${suffix}`,
    ...pupilValues,
    schoolId: yearClass.schoolId,
  });
  const grade = givenGrade ?? yearClass.grade;
  await db
    .insert(yearClassPupils)
    .values({ schoolId: yearClass.schoolId, yearClassId: yearClass.id, pupilId: pupil.id, grade });
  return { ...pupil, yearClassId: yearClass.id, grade };
}

async function insertPupil(db: Db, values: typeof pupils.$inferInsert): Promise<Pupil> {
  const [pupil] = await db.insert(pupils).values(values).returning();
  if (!pupil) throw new Error('pupil not created');
  return pupil;
}

export type NationalScoreValues = Omit<
  typeof nationalTestScores.$inferInsert,
  'id' | 'nationalTestId' | 'subjectId' | 'providerId'
> & { subject: SubjectCode; provider?: TestProviderCode; nationalTestId?: number };

/** A national result; test, subject and provider ids follow from the codes (demo catalogue) unless a test is given. */
export async function createNationalScore(db: Db, values: NationalScoreValues) {
  const { subject, provider = 'CITO', nationalTestId: givenTest, ...rest } = values;
  const [score] = await db
    .insert(nationalTestScores)
    .values({
      ...rest,
      nationalTestId: givenTest ?? nationalTestId(provider, subject),
      subjectId: SUBJECT_IDS[subject],
      providerId: PROVIDER_IDS[provider],
    })
    .returning();
  if (!score) throw new Error('national score not created');
  return score;
}

/** Another version of a provider's test of a subject (a new scale), next to the demo catalogue's one. */
export async function createNationalTestVersion(
  db: Db,
  values: { provider: TestProviderCode; subject: SubjectCode; version: string },
): Promise<number> {
  const [test] = await db
    .insert(nationalTests)
    .values({
      providerId: PROVIDER_IDS[values.provider],
      subjectId: SUBJECT_IDS[values.subject],
      code: `${values.provider}-${values.subject}-${values.version}`,
      name: `${values.provider} ${values.subject} ${values.version}`,
      version: values.version,
      gradeFrom: 3,
      gradeTo: 8,
    })
    .returning();
  if (!test) throw new Error('national test not created');
  return test.id;
}

/** A method result of the demo catalogue's test `methodTestId`. */
export async function createMethodScore(
  db: Db,
  values: Omit<typeof methodTestScores.$inferInsert, 'id' | 'subjectId'>,
) {
  const [test] = await db.select().from(methodTests).where(eq(methodTests.id, values.methodTestId));
  if (!test) throw new Error('unknown method test');
  const [score] = await db
    .insert(methodTestScores)
    .values({ ...values, subjectId: test.subjectId })
    .returning();
  if (!score) throw new Error('method score not created');
  return score;
}
