import { randomBytes } from 'node:crypto';
import { api, authed, type TestApp } from './app';
import type { Db } from '../../src/db/client';
import {
  pupilApproachLogs,
  pupilApproaches,
  socialEmotionalAspects,
  socialEmotionalObservations,
  yearClassPupils,
} from '../../src/db/schema/index';
import { signIn } from './sign-in';
import {
  addMember,
  createCatalog,
  createPupil,
  createSchool,
  createUser,
  createYearClass,
  permitGroup,
  type Pupil,
  type YearClass,
} from './factories';

/*
 * Pupil care (observations, approaches): a school with two groups of this school year and one of last year, a
 * second school, and a user for every role the access rules tell apart. Names carry particles, so that the
 * expected order (on the word after the particle) differs from the order of first or full names.
 */

export const CARE_ROLES = [
  'superuser',
  'senco',
  'teacher',
  'otherTeacher',
  'restricted',
  'outsider',
  'demo',
] as const;
export type CareRole = (typeof CARE_ROLES)[number];
export type CareUser = Awaited<ReturnType<typeof createUser>>;

const GROUP_A_NAMES = [
  { firstName: 'Jan', lastNamePrefix: 'van', lastName: 'Dijk' },
  { firstName: 'Eva', lastNamePrefix: 'de', lastName: 'Boer' },
  { firstName: 'Anna', lastNamePrefix: '', lastName: 'Zwart' },
  { firstName: 'Piet', lastNamePrefix: '', lastName: 'Bakker' },
  { firstName: 'Sara', lastNamePrefix: 'van den', lastName: 'Berg' },
];

export interface CareSchool {
  school: { id: number };
  other: { id: number };
  /** This school year's group of `teacher` (and `restricted`); grade 5. */
  groupA: YearClass;
  /** This school year's group of `otherTeacher`; grade 6. */
  groupB: YearClass;
  /** Last school year's group of groupA's first pupil (no teacher permitted on it). */
  groupOld: YearClass;
  pupilsA: Pupil[];
  pupilsB: Pupil[];
  otherPupil: Pupil;
  users: Record<CareRole, CareUser>;
}

/** The care school for school year `calendarYear` (the tests' clock should lie in it). */
export async function buildCareSchool(db: Db, calendarYear: number): Promise<CareSchool> {
  await createCatalog(db);
  const school = await createSchool(db, { name: 'Zorgschool' });
  const other = await createSchool(db, { name: 'Andere school' });
  const suffix = randomBytes(3).toString('hex');
  const groupA = await createYearClass(db, school.id, { name: `Groep 5 ${suffix}`, grade: 5, calendarYear });
  const groupB = await createYearClass(db, school.id, { name: `Groep 6 ${suffix}`, grade: 6, calendarYear });
  const groupOld = await createYearClass(db, school.id, {
    name: `Groep 4 ${suffix}`,
    grade: 4,
    calendarYear: calendarYear - 1,
  });
  const otherGroup = await createYearClass(db, other.id, { name: 'Groep 5', grade: 5, calendarYear });

  const pupilsA: Pupil[] = [];
  for (const name of GROUP_A_NAMES) {
    pupilsA.push(await createPupil(db, school.id, name, { yearClassId: groupA.id, grade: 5 }));
  }
  const first = pupilsA[0];
  if (!first) throw new Error('no pupils');
  await db
    .insert(yearClassPupils)
    .values({ schoolId: school.id, yearClassId: groupOld.id, pupilId: first.id, grade: 4 });
  const pupilsB = [
    await createPupil(
      db,
      school.id,
      { firstName: 'Mila', lastName: 'Jansen' },
      { yearClassId: groupB.id, grade: 6 },
    ),
    await createPupil(
      db,
      school.id,
      { firstName: 'Daan', lastNamePrefix: 'ter', lastName: 'Horst' },
      { yearClassId: groupB.id, grade: 6 },
    ),
  ];
  const otherPupil = await createPupil(
    db,
    other.id,
    { firstName: 'Noor', lastName: 'Visser' },
    { yearClassId: otherGroup.id, grade: 5 },
  );

  const user = (firstName: string, lastName: string, values: Partial<CareUser> = {}) =>
    createUser(db, { firstName, lastName, ...values });
  const users: Record<CareRole, CareUser> = {
    superuser: await user('Dirk', 'Directeur'),
    senco: await user('Ilse', 'Begeleider'),
    teacher: await user('Tom', 'Leerkracht'),
    otherTeacher: await user('Olga', 'Collega'),
    restricted: await user('Rik', 'Invaller', { isRestricted: true }),
    outsider: await user('Otto', 'Buiten'),
    demo: await user('Demo', 'Gebruiker', { isDemo: true }),
  };
  await addMember(db, school.id, users.superuser.id, { isSchoolSuperuser: true });
  await addMember(db, school.id, users.senco.id, { isSenco: true });
  await addMember(db, school.id, users.teacher.id);
  await addMember(db, school.id, users.otherTeacher.id);
  await addMember(db, school.id, users.restricted.id);
  await addMember(db, other.id, users.outsider.id, { isSchoolSuperuser: true });
  await addMember(db, school.id, users.demo.id, { isSchoolSuperuser: true });
  await permitGroup(db, school.id, users.teacher.id, groupA.id);
  await permitGroup(db, school.id, users.restricted.id, groupA.id);
  await permitGroup(db, school.id, users.otherTeacher.id, groupB.id);
  return { school, other, groupA, groupB, groupOld, pupilsA, pupilsB, otherPupil, users };
}

export type CareTokens = Record<CareRole | 'impersonated', string>;

/**
 * A token per role, and one of an impersonated session (provider staff as the teacher, through the real
 * POST /impersonate/).
 */
export async function careTokens(t: TestApp, f: CareSchool): Promise<CareTokens> {
  const tokens: Partial<CareTokens> = {};
  for (const role of CARE_ROLES) tokens[role] = await signIn(t, f.users[role]);
  const staff = await createUser(t.database.db, {
    email: `support-${randomBytes(4).toString('hex')}@${t.ctx.config.PROVIDER_DOMAIN}`,
    isProviderStaff: true,
  });
  const started = await t.app.inject(
    authed(await signIn(t, staff), {
      method: 'POST',
      url: api('/impersonate/'),
      payload: {
        userId: f.users.teacher.id,
        schoolId: f.school.id,
        reason: 'Ticket 12: observaties laden niet',
      },
    }),
  );
  if (started.statusCode !== 200) throw new Error(`impersonation failed: ${started.statusCode}`);
  const { token } = started.json<{ token: string }>();
  return { ...(tokens as Record<CareRole, string>), impersonated: token };
}

export function getOf<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`fixture: no ${what}`);
  return value;
}

export async function createObservation(
  db: Db,
  values: Omit<typeof socialEmotionalObservations.$inferInsert, 'calendarYear'> & { calendarYear?: number },
) {
  const [year = 0, month = 1] = values.observedOn.split('-').map(Number);
  const [row] = await db
    .insert(socialEmotionalObservations)
    .values({ calendarYear: month >= 8 ? year : year - 1, ...values })
    .returning();
  if (!row) throw new Error('observation not created');
  return row;
}

export async function createAspect(db: Db, values: typeof socialEmotionalAspects.$inferInsert) {
  const [row] = await db.insert(socialEmotionalAspects).values(values).returning();
  if (!row) throw new Error('aspect not created');
  return row;
}

export async function createApproach(db: Db, values: typeof pupilApproaches.$inferInsert) {
  const [row] = await db.insert(pupilApproaches).values(values).returning();
  if (!row) throw new Error('approach not created');
  return row;
}

export async function createApproachLog(db: Db, values: typeof pupilApproachLogs.$inferInsert) {
  const [row] = await db.insert(pupilApproachLogs).values(values).returning();
  if (!row) throw new Error('approach log not created');
  return row;
}
