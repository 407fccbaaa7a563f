import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/db/client';
import {
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
