import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/db/client';
import {
  domains,
  goals,
  methods,
  methodTestScores,
  methodTests,
  subjects,
  testSections,
} from '../../src/db/schema/index';

/**
 * One method test score of a pupil in a group, for a method test whose section carries a goal (or not):
 * what makes a group "have goals" (the Test overview menu item).
 */
export async function addMethodScore(
  db: Db,
  ids: { schoolId: number; yearClassId: number; pupilId: number; calendarYear: number },
  withGoal: boolean,
): Promise<void> {
  const suffix = randomUUID().slice(0, 8);
  const [subject] = await db
    .insert(subjects)
    .values({ code: 'RW', nameNl: 'Rekenen', nameEn: 'Arithmetic', position: 1 })
    .onConflictDoUpdate({ target: subjects.code, set: { nameNl: 'Rekenen' } })
    .returning();
  if (!subject) throw new Error('no subject');
  const [method] = await db
    .insert(methods)
    .values({ code: `m-${suffix}`, name: 'Pluspunt', subjectId: subject.id })
    .returning();
  if (!method) throw new Error('no method');
  const [test] = await db
    .insert(methodTests)
    .values({
      methodId: method.id,
      subjectId: subject.id,
      name: 'Blok 1',
      grade: 5,
      block: 1,
      position: 1,
      maxScore: 40,
    })
    .returning();
  if (!test) throw new Error('no test');
  let goalId: number | null = null;
  if (withGoal) {
    const [domain] = await db
      .insert(domains)
      .values({ subjectId: subject.id, code: `d-${suffix}`, name: 'Getallen' })
      .returning();
    if (!domain) throw new Error('no domain');
    const [goal] = await db
      .insert(goals)
      .values({ domainId: domain.id, code: `g-${suffix}`, name: 'Optellen tot 100' })
      .returning();
    goalId = goal?.id ?? null;
  }
  await db
    .insert(testSections)
    .values({ methodTestId: test.id, code: 'A', name: 'Deel A', maxScore: 20, goalId });
  await db.insert(methodTestScores).values({
    schoolId: ids.schoolId,
    pupilId: ids.pupilId,
    yearClassId: ids.yearClassId,
    methodTestId: test.id,
    subjectId: subject.id,
    calendarYear: ids.calendarYear,
    score: 30,
    performance: 'G',
    testDate: `${ids.calendarYear}-09-10`,
  });
}
