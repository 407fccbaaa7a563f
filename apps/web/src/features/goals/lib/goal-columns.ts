import type { GoalDomain, GoalTest, GroupGoals, TestSection } from '@leerzicht/contract';
import { goalCell, type GoalCell } from './goal-bands';

/** What the overview shows: one domain and one test type, or all (null). */
export interface GoalFilter {
  domainId: number | null;
  testTypeId: number | null;
}

export const NO_GOAL_FILTER: GoalFilter = { domainId: null, testTypeId: null };

export interface TestColumns {
  test: GoalTest;
  /** The test's chapter ("Blok 3"), with its method's when the overview has several methods; else its name. */
  label: string;
  sections: TestSection[];
}

export interface DomainColumns {
  domain: GoalDomain;
  tests: TestColumns[];
  /** The number of section columns under the domain. */
  span: number;
}

/**
 * The columns of the overview: per domain (in the catalogue's order), per method test (in the tests' order), the
 * sections of that test in that domain, after the filter. Domains and tests without a section left are dropped.
 */
export function goalColumns(goals: GroupGoals, filter: GoalFilter): DomainColumns[] {
  const methods = new Set(goals.tests.map((test) => test.methodId));
  const shown = goals.testSections.filter(
    (section) =>
      (filter.domainId === null || section.domainId === filter.domainId) &&
      (filter.testTypeId === null || section.subtypeId === filter.testTypeId),
  );
  return goals.domains.flatMap((domain) => {
    const tests = goals.tests.flatMap((test) => {
      const sections = shown.filter(
        (section) => section.domainId === domain.id && section.testId === test.id,
      );
      if (sections.length === 0) return [];
      const label =
        test.chapter === null
          ? test.name
          : methods.size > 1
            ? `${test.methodName} ${test.chapter}`
            : test.chapter;
      return [{ test, label, sections }];
    });
    const span = tests.reduce((sum, test) => sum + test.sections.length, 0);
    return span === 0 ? [] : [{ domain, tests, span }];
  });
}

/** The filter with ids the overview does not know replaced by "all" (an old link, a hand-made address). */
export function knownFilter(goals: GroupGoals, filter: GoalFilter): GoalFilter {
  return {
    domainId: goals.domains.some((domain) => domain.id === filter.domainId) ? filter.domainId : null,
    testTypeId: goals.testTypes.some((type) => type.id === filter.testTypeId) ? filter.testTypeId : null,
  };
}

/** A pupil's cell of a section. */
export function pupilCell(pupil: GroupGoals['pupils'][number], sectionId: number): GoalCell | null {
  return goalCell(pupil.scores.find((score) => score.testSectionId === sectionId));
}

/** The group's cell of a section: all points scored over all points possible, of the pupils with a result. */
export function groupCell(goals: GroupGoals, sectionId: number): GoalCell | null {
  const scores = goals.pupils.flatMap((pupil) =>
    pupil.scores.filter((score) => score.testSectionId === sectionId),
  );
  if (scores.length === 0) return null;
  return goalCell({
    score: scores.reduce((sum, score) => sum + score.score, 0),
    maxScore: scores.reduce((sum, score) => sum + score.maxScore, 0),
  });
}

const positiveId = (value: string | null): number | null => {
  const id = Number(value);
  return value !== null && Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** The filter kept in the address (`?domain=2&type=1`), so that it survives a reload and can be shared. */
export function readGoalFilter(params: URLSearchParams): GoalFilter {
  return { domainId: positiveId(params.get('domain')), testTypeId: positiveId(params.get('type')) };
}

export function writeGoalFilter(filter: GoalFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.domainId !== null) params.set('domain', String(filter.domainId));
  if (filter.testTypeId !== null) params.set('type', String(filter.testTypeId));
  return params;
}
