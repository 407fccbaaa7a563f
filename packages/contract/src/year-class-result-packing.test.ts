import { describe, expect, it } from 'vitest';
import {
  yearClassResultSchema,
  yearClassResultViewSchema,
  type GroupMethodScore,
  type GroupNationalScore,
  type YearClassResult,
} from './api/year-class-result';
import type { ScoreNote } from './api/results';
import {
  fromColumns,
  packYearClassResult,
  toColumns,
  unpackYearClassResult,
} from './year-class-result-packing';

function national(id: number, pupilId: number, extra: Partial<GroupNationalScore> = {}): GroupNationalScore {
  return {
    id,
    pupilId,
    nationalTestId: 11,
    subjectId: 1,
    providerId: 1,
    provider: 'CITO',
    calendarYear: 2024,
    yearTime: 'M',
    levelValue: 4,
    abilityScore: 101.5,
    percentile: 70,
    alphabetical: null,
    roman: 'II',
    testVersion: '3.0',
    functionalLevel: 'M5',
    dle: 35,
    dleAboveScale: false,
    referenceLevel: null,
    projectedReferenceLevel: '1S',
    isCounted: true,
    growth: null,
    ...extra,
  };
}

function method(id: number, pupilId: number, methodTestId: number, testDate: string): GroupMethodScore {
  return {
    id,
    pupilId,
    methodTestId,
    methodTestName: `Blok ${methodTestId}`,
    methodId: 3,
    methodName: 'Pluspunt',
    subjectId: 1,
    calendarYear: 2025,
    grade: 6,
    block: methodTestId % 10,
    score: 31.5,
    maxScore: 40,
    performance: 'V',
    testDate,
  };
}

function note(id: number, pupilId: number, score: { cito?: number; method?: number }): ScoreNote {
  return {
    id,
    pupilId,
    citoTestScoreId: score.cito ?? null,
    methodTestScoreId: score.method ?? null,
    category: 'general',
    content: `note ${id}`,
    forwardLooking: null,
    confidential: false,
    authorId: 2,
    dateCreated: '2025-10-01T12:00:00.000Z',
  };
}

const pupilBase = { grade: 6, citoIsExcluded: false, showOutflowProfile: false };
const aggregate = {
  pupilCount: 2,
  meanAbilityScore: 100.25,
  meanPercentile: 61.5,
  meanLevelValue: 3.5,
  levels: { I: 0, II: 1, III: 1, IV: 0, V: 0 },
  share1F: null,
  shareTarget: null,
  referenceCount: 0,
  referenceGrades: [],
  nationalAbilityScore: 99.4,
  tests: [{ provider: 'CITO' as const, version: '3.0' }],
  meanDleLag: -1.5,
  subjectId: 1,
};

const VIEW: YearClassResult = {
  group: {
    id: 40,
    schoolId: 1,
    name: 'Groep 6A',
    grade: 6,
    grades: [6],
    calendarYear: 2025,
    hasGoals: false,
    teachers: [{ id: 3, name: 'Tom Leerkracht' }],
  },
  subjects: [
    {
      id: 1,
      code: 'RW',
      name: 'Rekenen',
      nameNl: 'Rekenen',
      nameEn: 'Maths',
      position: 4,
      isPreschool: false,
    },
  ],
  pupils: [
    {
      id: 7,
      firstName: 'Anna',
      lastNamePrefix: 'de',
      lastName: 'Boer',
      ...pupilBase,
      scores: [
        national(101, 7, { yearTime: 'B', calendarYear: 2025, growth: 4.25, dleAboveScale: true }),
        national(102, 7, {
          yearTime: 'B',
          calendarYear: 2025,
          nationalTestId: 21,
          providerId: 2,
          provider: 'DIA',
          testVersion: '2024',
          isCounted: false,
          roman: null,
          alphabetical: 'C',
          levelValue: null,
          referenceLevel: '<1F',
        }),
      ],
      methodScores: [method(501, 7, 3601, '2025-09-24'), method(502, 7, 3602, '2025-11-02')],
      methodNotes: [note(901, 7, { method: 502 })],
      citoNotes: [note(900, 7, { cito: 101 })],
      approaches: [{ subjectId: 1, calendarYear: 2025, approach: 'intensive', yearClassId: 40 }],
    },
    {
      id: 8,
      firstName: 'Jan',
      lastNamePrefix: 'van',
      lastName: 'Dijk',
      ...pupilBase,
      citoIsExcluded: true,
      scores: [
        national(103, 8, { abilityScore: null, percentile: null, roman: null, functionalLevel: null }),
      ],
      methodScores: [],
      methodNotes: [],
      citoNotes: [],
      approaches: [],
    },
  ],
  citoScores: [
    { ...aggregate, calendarYear: 2024, yearTime: 'M', meanGrowth: null },
    { ...aggregate, calendarYear: 2025, yearTime: 'B', meanGrowth: 4.25 },
  ],
  testMomentNotes: [],
  methodTestNotes: [],
  approachesInfo: { classYear: 2025, expectedYear: 2025, testTime: null, lastChanged: null },
};

describe('the packed year class result', () => {
  it('unpacks to what was packed, and the packed answer fits its schema', () => {
    const answer = packYearClassResult(yearClassResultViewSchema.parse(VIEW));
    expect(yearClassResultSchema.parse(JSON.parse(JSON.stringify(answer)))).toEqual(answer);
    expect(unpackYearClassResult(answer)).toEqual(VIEW);
  });

  it('names each test, method test and moment once and lists only the exceptions of the flags', () => {
    const answer = packYearClassResult(VIEW);
    expect(answer.tests.map((test) => [test.id, test.provider, test.version])).toEqual([
      [11, 'CITO', '3.0'],
      [21, 'DIA', '2024'],
    ]);
    expect(answer.methodTests.map((test) => test.id)).toEqual([3601, 3602]);
    expect(answer.moments).toEqual([
      { calendarYear: 2024, yearTime: 'M' },
      { calendarYear: 2025, yearTime: 'B' },
    ]);
    expect(answer.scores.moment).toEqual([1, 1, 0]);
    expect(answer.scores.level).toEqual(['II', 'C', null]);
    expect(answer.scores.notCounted).toEqual([102]);
    expect(answer.scores.dleAboveScale).toEqual([101]);
    expect(answer.citoScores.moment).toEqual([0, 1]);
  });

  it('turns rows into columns and back, and refuses columns of different lengths', () => {
    const rows = [
      { a: 1, b: 'x' },
      { a: 2, b: 'y' },
    ];
    const columns = toColumns(rows, ['a', 'b']);
    expect(columns).toEqual({ a: [1, 2], b: ['x', 'y'] });
    expect(fromColumns(columns)).toEqual(rows);
    expect(() => fromColumns({ a: [1, 2], b: ['x'] })).toThrow(/column b/);
  });
});
