import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { SubjectCode, TestProviderCode } from '@leerzicht/contract';
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

export async function createSchool(db: Db, values: Partial<typeof schools.$inferInsert> = {}) {
  const suffix = unique();
  const [school] = await db
    .insert(schools)
    .values({
      brinCode: `${suffix.slice(0, 2)}T${suffix.slice(2, 4)}`.toUpperCase(),
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

export async function createYearClass(
  db: Db,
  schoolId: number,
  values: { name: string; grade: number; calendarYear: number },
) {
  const [yearClass] = await db
    .insert(yearClasses)
    .values({ schoolId, ...values })
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

export async function createPupil(
  db: Db,
  schoolId: number,
  values: Partial<typeof pupils.$inferInsert> & { firstName: string; lastName: string },
  enrolment?: { yearClassId: number; grade: number },
) {
  const [pupil] = await db
    .insert(pupils)
    .values({ schoolId, ...values })
    .returning();
  if (!pupil) throw new Error('pupil not created');
  if (enrolment) await db.insert(yearClassPupils).values({ schoolId, pupilId: pupil.id, ...enrolment });
  return pupil;
}

export type NationalScoreValues = Omit<
  typeof nationalTestScores.$inferInsert,
  'id' | 'nationalTestId' | 'subjectId' | 'providerId'
> & { subject: SubjectCode; provider?: TestProviderCode };

/** A national result; test, subject and provider ids follow from the codes (demo catalogue). */
export async function createNationalScore(db: Db, values: NationalScoreValues) {
  const { subject, provider = 'CITO', ...rest } = values;
  const [score] = await db
    .insert(nationalTestScores)
    .values({
      ...rest,
      nationalTestId: nationalTestId(provider, subject),
      subjectId: SUBJECT_IDS[subject],
      providerId: PROVIDER_IDS[provider],
    })
    .returning();
  if (!score) throw new Error('national score not created');
  return score;
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
