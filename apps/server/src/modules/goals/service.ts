import { sortByName, type GroupGoals } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import type { GoalGroup } from './access';
import { listGoalSections, listGroupPupils, listSectionScores, type GoalSectionRow } from './repository';

/** The first row of each key, in the rows' order. */
function firstBy<T, K>(rows: readonly T[], key: (row: T) => K): T[] {
  const seen = new Map<K, T>();
  for (const row of rows) if (!seen.has(key(row))) seen.set(key(row), row);
  return [...seen.values()];
}

/** The test types (section subtypes) by id, each named by the first of its sections that names it. */
function testTypesOf(sections: readonly GoalSectionRow[]): GroupGoals['testTypes'] {
  const names = new Map<number, string>();
  for (const { subtypeId, subtypeName } of sections) {
    if (subtypeId !== null && !names.get(subtypeId)) names.set(subtypeId, subtypeName ?? '');
  }
  return [...names].map(([id, name]) => ({ id, name })).sort((a, b) => a.id - b.id);
}

const domainOrder = (a: GoalSectionRow, b: GoalSectionRow) =>
  a.subjectPosition - b.subjectPosition || a.domainPosition - b.domainPosition || a.domainId - b.domainId;

/**
 * `GET /year_classes/{id}/goals/`: the method tests of the group's school year that have sections with a goal,
 * those sections, their domains and test types, and every pupil of the group (by name) with their points per
 * section. A group without such tests answers empty lists (its year class says hasGoals false).
 */
export async function getGroupGoals(ctx: AppContext, { yearClass }: GoalGroup): Promise<GroupGoals> {
  const { db } = ctx;
  const schoolId = yearClass.schoolId;
  const [sections, members] = await Promise.all([
    listGoalSections(db, { schoolId, yearClassId: yearClass.id, calendarYear: yearClass.calendarYear }),
    listGroupPupils(db, schoolId, yearClass.id),
  ]);
  const scores = await listSectionScores(db, {
    schoolId,
    calendarYear: yearClass.calendarYear,
    pupilIds: members.map((member) => member.id),
    sectionIds: sections.map((section) => section.id),
  });
  const scoresOf = new Map<number, GroupGoals['pupils'][number]['scores']>();
  for (const { pupilId, ...score } of scores) {
    const list = scoresOf.get(pupilId) ?? [];
    list.push(score);
    scoresOf.set(pupilId, list);
  }

  return {
    group: {
      id: yearClass.id,
      schoolId,
      name: yearClass.name,
      grade: yearClass.grade,
      calendarYear: yearClass.calendarYear,
    },
    tests: firstBy(sections, (row) => row.testId).map((row) => ({
      id: row.testId,
      name: row.testName,
      methodId: row.methodId,
      methodName: row.methodName,
      subjectId: row.subjectId,
      grade: row.grade,
      block: row.block,
      chapter: row.chapter,
      maxScore: row.testMaxScore,
    })),
    testSections: sections.map((row) => ({
      id: row.id,
      code: row.code,
      testId: row.testId,
      subtypeId: row.subtypeId,
      subtypeName: row.subtypeId === null ? null : row.subtypeName,
      goalId: row.goalId,
      goalName: row.goalName,
      name: row.name,
      details: row.details,
      domainId: row.domainId,
      domainName: row.domainName,
      maxScore: row.maxScore,
    })),
    domains: firstBy([...sections].sort(domainOrder), (row) => row.domainId).map((row) => ({
      id: row.domainId,
      code: row.domainCode,
      name: row.domainName,
      subjectId: row.domainSubjectId,
    })),
    testTypes: testTypesOf(sections),
    pupils: sortByName(members).map((member) => ({ ...member, scores: scoresOf.get(member.id) ?? [] })),
  };
}
