import { and, asc, desc, eq, exists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  domains,
  goals,
  methods,
  methodTestScores,
  methodTests,
  subjects,
  testSectionScores,
  testSections,
} from '../../db/schema/index';
import { groupPupils } from '../pupils/index';
import { inIds } from '../scores/index';

/** The pupils enrolled in the group, with their own grade. */
export function listGroupPupils(db: Db, schoolId: number, yearClassId: number) {
  const member = groupPupils(db, { schoolId, yearClassId });
  return db
    .select({
      id: member.pupilId,
      firstName: member.firstName,
      lastNamePrefix: member.lastNamePrefix,
      lastName: member.lastName,
      grade: member.grade,
    })
    .from(member);
}

/**
 * The sections with a goal of the method tests the group took in its school year (a result of the group on the
 * test), each with its test, goal and domain, in display order: subject, method, grade, test position, section
 * position. The domain is the section's, else its goal's. This is the same "has goals" the year class reports
 * (a group result on a test with a goal section), narrowed to the group's school year.
 */
export function listGoalSections(
  db: Db,
  group: { schoolId: number; yearClassId: number; calendarYear: number },
) {
  const domainId = sql`coalesce(${testSections.domainId}, ${goals.domainId})`;
  const takenByGroup = db
    .select({ one: sql`1` })
    .from(methodTestScores)
    .where(
      and(
        eq(methodTestScores.schoolId, group.schoolId),
        eq(methodTestScores.yearClassId, group.yearClassId),
        eq(methodTestScores.calendarYear, group.calendarYear),
        eq(methodTestScores.methodTestId, testSections.methodTestId),
      ),
    );
  return db
    .select({
      id: testSections.id,
      code: testSections.code,
      testId: methodTests.id,
      subtypeId: testSections.subtypeId,
      subtypeName: testSections.subtypeName,
      goalId: goals.id,
      goalName: goals.name,
      name: testSections.name,
      details: testSections.details,
      maxScore: testSections.maxScore,
      domainId: domains.id,
      domainCode: domains.code,
      domainName: domains.name,
      domainSubjectId: domains.subjectId,
      domainPosition: domains.position,
      testName: methodTests.name,
      methodId: methods.id,
      methodName: methods.name,
      subjectId: methodTests.subjectId,
      subjectPosition: subjects.position,
      grade: methodTests.grade,
      block: methodTests.block,
      chapter: methodTests.chapter,
      testMaxScore: methodTests.maxScore,
    })
    .from(testSections)
    .innerJoin(goals, eq(goals.id, testSections.goalId))
    .innerJoin(domains, eq(domains.id, domainId))
    .innerJoin(methodTests, eq(methodTests.id, testSections.methodTestId))
    .innerJoin(methods, eq(methods.id, methodTests.methodId))
    .innerJoin(subjects, eq(subjects.id, methodTests.subjectId))
    .where(exists(takenByGroup))
    .orderBy(
      asc(subjects.position),
      asc(methods.name),
      asc(methods.id),
      asc(methodTests.grade),
      asc(methodTests.position),
      asc(methodTests.block),
      asc(methodTests.id),
      asc(testSections.position),
      asc(testSections.code),
      asc(testSections.id),
    );
}

export type GoalSectionRow = Awaited<ReturnType<typeof listGoalSections>>[number];

/**
 * The pupils' points on the sections in the school year: per pupil and section the latest result (test date, then
 * the newest row), also one made in another group of the school that year (a pupil who changed groups).
 */
export function listSectionScores(
  db: Db,
  scope: {
    schoolId: number;
    calendarYear: number;
    pupilIds: readonly number[];
    sectionIds: readonly number[];
  },
) {
  return db
    .selectDistinctOn([testSectionScores.pupilId, testSectionScores.testSectionId], {
      pupilId: testSectionScores.pupilId,
      testSectionId: testSectionScores.testSectionId,
      score: testSectionScores.score,
      maxScore: testSectionScores.maxScore,
    })
    .from(testSectionScores)
    .innerJoin(
      methodTestScores,
      and(
        eq(methodTestScores.id, testSectionScores.methodTestScoreId),
        eq(methodTestScores.schoolId, testSectionScores.schoolId),
        eq(methodTestScores.pupilId, testSectionScores.pupilId),
      ),
    )
    .where(
      and(
        eq(testSectionScores.schoolId, scope.schoolId),
        eq(methodTestScores.calendarYear, scope.calendarYear),
        inIds(sql`${testSectionScores.pupilId}`, scope.pupilIds),
        inIds(sql`${testSectionScores.testSectionId}`, scope.sectionIds),
      ),
    )
    .orderBy(
      asc(testSectionScores.pupilId),
      asc(testSectionScores.testSectionId),
      desc(methodTestScores.testDate),
      desc(methodTestScores.id),
    );
}
