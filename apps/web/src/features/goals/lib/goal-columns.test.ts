import type { GroupGoals } from '@leerzicht/contract';
import { describe, expect, it } from 'vitest';
import { goalColumns, knownFilter, NO_GOAL_FILTER, readGoalFilter, writeGoalFilter } from './goal-columns';

const test = (id: number, methodId: number, methodName: string, chapter: string | null) => ({
  id,
  name: `${methodName} toets ${id}`,
  methodId,
  methodName,
  subjectId: 4,
  grade: 5,
  block: 1,
  chapter,
  maxScore: 40,
});
const section = (id: number, testId: number, domainId: number, subtypeId: number | null) => ({
  id,
  code: String(id),
  testId,
  subtypeId,
  subtypeName: subtypeId === null ? null : `Type ${subtypeId}`,
  goalId: id,
  goalName: `Doel ${id}`,
  name: `Deel ${id}`,
  details: '',
  domainId,
  domainName: `Domein ${domainId}`,
  maxScore: 10,
});

const goals: GroupGoals = {
  group: { id: 1, schoolId: 1, name: 'Groep 5', grade: 5, calendarYear: 2025 },
  tests: [test(1, 1, 'Pluspunt', 'Blok 1'), test(2, 2, 'Wereld in getallen', null)],
  testSections: [
    section(11, 1, 20, 1),
    section(12, 1, 10, 2),
    section(21, 2, 20, null),
    section(22, 2, 20, 1),
  ],
  domains: [
    { id: 20, code: 'B', name: 'Domein 20', subjectId: 4 },
    { id: 10, code: 'A', name: 'Domein 10', subjectId: 4 },
  ],
  testTypes: [
    { id: 1, name: 'Type 1' },
    { id: 2, name: 'Type 2' },
  ],
  pupils: [],
};

const shape = (filter = NO_GOAL_FILTER) =>
  goalColumns(goals, filter).map((domain) => [
    domain.domain.id,
    domain.span,
    domain.tests.map((t) => [t.label, t.sections.map((s) => s.id)]),
  ]);

describe('goal columns', () => {
  it('groups the sections per domain in the domains order, then per test; names a test with its method when there are several', () => {
    expect(shape()).toEqual([
      [
        20,
        3,
        [
          ['Pluspunt Blok 1', [11]],
          ['Wereld in getallen toets 2', [21, 22]],
        ],
      ],
      [10, 1, [['Pluspunt Blok 1', [12]]]],
    ]);
  });

  it('leaves out what the filter does not keep, and domains or tests left empty', () => {
    expect(shape({ domainId: 10, testTypeId: null })).toEqual([[10, 1, [['Pluspunt Blok 1', [12]]]]]);
    expect(shape({ domainId: null, testTypeId: 1 })).toEqual([
      [
        20,
        2,
        [
          ['Pluspunt Blok 1', [11]],
          ['Wereld in getallen toets 2', [22]],
        ],
      ],
    ]);
    expect(shape({ domainId: 10, testTypeId: 1 })).toEqual([]);
  });

  it('keeps the filter in the address and forgets ids the overview does not know', () => {
    const filter = readGoalFilter(new URLSearchParams('domain=10&type=abc'));
    expect(filter).toEqual({ domainId: 10, testTypeId: null });
    expect(writeGoalFilter({ domainId: 10, testTypeId: 2 }).toString()).toBe('domain=10&type=2');
    expect(writeGoalFilter(NO_GOAL_FILTER).toString()).toBe('');
    expect(knownFilter(goals, { domainId: 99, testTypeId: 2 })).toEqual({ domainId: null, testTypeId: 2 });
  });
});
