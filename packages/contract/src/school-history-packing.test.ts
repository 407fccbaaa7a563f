import { describe, expect, it } from 'vitest';
import {
  schoolHistoryAnswerSchema,
  schoolHistorySchema,
  type Exam,
  type ResultAggregate,
  type SchoolHistory,
  type SubjectResult,
} from './api/results';
import type { Subject } from './api/catalog';
import type { YearTime } from './constants';
import { momentKey } from './moments';
import { packSchoolHistory, readSchoolHistory, unpackSchoolHistory } from './school-history-packing';

const SUBJECTS: Subject[] = [
  {
    id: 2,
    code: 'SP',
    name: 'Spelling',
    nameNl: 'Spelling',
    nameEn: 'Spelling',
    position: 1,
    isPreschool: false,
  },
  { id: 1, code: 'RW', name: 'Rekenen', nameNl: 'Rekenen', nameEn: 'Maths', position: 4, isPreschool: false },
];

const TEST_LISTS: ResultAggregate['tests'][] = [
  [{ provider: 'CITO', version: '3.0' }],
  [
    { provider: 'CITO', version: '3.0' },
    { provider: 'DIA', version: '2024' },
  ],
  [{ provider: 'IEP', version: '2023' }],
  [],
];

/** An aggregate whose fields all differ with `seed`; every fourth has no means (no result carried them). */
function aggregate(seed: number): ResultAggregate {
  const empty = seed % 4 === 3;
  return {
    pupilCount: 10 + (seed % 17),
    meanAbilityScore: empty || seed % 5 === 1 ? null : 100 + seed / 8,
    meanPercentile: empty ? null : 40 + (seed % 30) + 0.25,
    meanLevelValue: empty ? null : 2 + (seed % 3) / 3,
    levels: { I: seed % 3, II: seed % 5, III: 4, IV: seed % 2, V: seed % 7 },
    share1F: seed % 2 === 0 ? 85.5 - (seed % 9) : null,
    shareTarget: seed % 2 === 0 ? 40 + (seed % 11) : null,
    referenceCount: seed % 2 === 0 ? 6 + (seed % 4) : 0,
    referenceGrades: seed % 2 === 0 ? [7, 8].slice(seed % 4 === 0 ? 0 : 1) : [],
    nationalAbilityScore: seed % 6 === 5 ? null : 99.5 + seed / 16,
    tests: TEST_LISTS[seed % TEST_LISTS.length] ?? [],
    meanDleLag: empty ? null : -2 + seed / 10,
  };
}

function exam(calendarYear: number, yearTime: YearTime, results: SubjectResult[]): Exam {
  return { calendarYear, yearTime, key: momentKey({ calendarYear, yearTime }), results };
}

/**
 * One result per subject at each moment: the school, the given grades (in the order given) and per grade
 * `groupsPerGrade` groups (ids from the grade, so the same group recurs over the exams).
 */
function history(
  moments: [number, YearTime][],
  grades: number[],
  groupsPerGrade: number,
  extra: Partial<SchoolHistory> = {},
): SchoolHistory {
  let seed = 0;
  const exams = moments.map(([calendarYear, yearTime]) =>
    exam(
      calendarYear,
      yearTime,
      SUBJECTS.map((subject) => ({
        subjectId: subject.id,
        school: aggregate((seed += 1)),
        grades: grades.map((grade) => ({ grade, ...aggregate((seed += 1)) })),
        yearClasses: grades.flatMap((grade) =>
          Array.from({ length: groupsPerGrade }, (_, index) => ({
            yearClassId: grade * 100 + index,
            yearClassName: `Groep ${grade}${String.fromCharCode(65 + index)}`,
            grade,
            ...aggregate((seed += 1)),
          })),
        ),
      })),
    ),
  );
  return {
    schoolId: 7,
    calendarYears: [...new Set(moments.map(([calendarYear]) => calendarYear))],
    subjects: SUBJECTS,
    exams,
    notes: [],
    schoolAmbitions: [],
    norms: [],
    ...extra,
  };
}

const EMPTY: SchoolHistory = {
  schoolId: 3,
  calendarYears: [],
  subjects: SUBJECTS,
  exams: [],
  notes: [],
  schoolAmbitions: [],
  norms: [],
};

const FULL = history(
  [
    [2023, 'M'],
    [2023, 'E'],
    [2024, 'B'],
  ],
  [7, 5, 6],
  2,
  {
    notes: [
      {
        id: 900,
        yearClassId: 500,
        kind: 'test_moment',
        subjectId: 1,
        calendarYear: 2023,
        yearTime: 'M',
        methodTestId: null,
        content: 'Veel zieken',
        relatedPupilIds: [4, 5],
        confidential: false,
        authorId: 2,
        dateCreated: '2024-02-01T10:00:00.000Z',
      },
    ],
    schoolAmbitions: [{ id: 12, subjectId: 1, lowScore: 40, highScore: 60 }],
    norms: [{ providerId: 1, subjectId: 1, grade: 5, yearTime: 'M', abilityScore: 101.5, abilitySd: null }],
  },
);

/** The history as the answer's JSON brings it (what the web and the tests receive). */
const overTheWire = (history: SchoolHistory) =>
  JSON.parse(JSON.stringify(packSchoolHistory(history))) as unknown;

describe('the packed school history', () => {
  it('unpacks to what was packed, and the packed answer fits its schema', () => {
    for (const original of [FULL, EMPTY]) {
      const answer = packSchoolHistory(schoolHistorySchema.parse(original));
      expect(schoolHistoryAnswerSchema.parse(JSON.parse(JSON.stringify(answer)))).toEqual(answer);
      expect(unpackSchoolHistory(answer)).toEqual(original);
      expect(readSchoolHistory(overTheWire(original))).toEqual(original);
    }
  });

  it('keeps the order of exams, results, grades and groups, empty exams, and groups whose name is unknown', () => {
    const odd = structuredClone(FULL);
    odd.exams.push(exam(2024, 'M', []));
    const first = odd.exams[0]?.results[0];
    if (!first) throw new Error('the history has no result');
    first.grades.reverse();
    first.yearClasses.reverse();
    first.yearClasses.push({ yearClassId: 999, yearClassName: '', grade: 0, ...aggregate(3) });
    odd.exams[1]?.results.reverse();
    const unpacked = readSchoolHistory(overTheWire(odd));
    expect(unpacked).toEqual(odd);
    expect(unpacked.exams.map((item) => item.key)).toEqual(['2023-M', '2023-E', '2024-B', '2024-M']);
    expect(unpacked.exams[0]?.results[0]?.grades.map((item) => item.grade)).toEqual([6, 5, 7]);
    expect(unpacked.exams[1]?.results.map((item) => item.subjectId)).toEqual([1, 2]);
  });

  it('names each exam, group and list of tests once', () => {
    const answer = packSchoolHistory(FULL);
    const examCount = FULL.exams.length;
    const groupIds = new Set(
      FULL.exams.flatMap((item) =>
        item.results.flatMap((result) => result.yearClasses.map((group) => group.yearClassId)),
      ),
    );
    const aggregates = FULL.exams.flatMap((item) =>
      item.results.flatMap((result) => [result.school, ...result.grades, ...result.yearClasses]),
    );
    const testLists = new Set(aggregates.map((item) => JSON.stringify(item.tests)));
    expect(answer.exams).toHaveLength(examCount);
    expect(answer.groups).toHaveLength(groupIds.size);
    expect(answer.testLists).toHaveLength(testLists.size);
    expect(answer.aggregates.pupilCount).toEqual(aggregates.map((item) => item.pupilCount));
    expect(answer.aggregates.level.filter((level) => level === 0)).toHaveLength(examCount * SUBJECTS.length);
  });

  it('refuses a grade or group aggregate without its school aggregate before it', () => {
    const answer = packSchoolHistory(FULL);
    const { aggregates } = answer;
    const dropFirst = <T>(column: T[]) => column.slice(1);
    const orphaned = {
      ...answer,
      aggregates: {
        exam: dropFirst(aggregates.exam),
        subjectId: dropFirst(aggregates.subjectId),
        level: dropFirst(aggregates.level),
        grade: dropFirst(aggregates.grade),
        group: dropFirst(aggregates.group),
        pupilCount: dropFirst(aggregates.pupilCount),
        meanAbilityScore: dropFirst(aggregates.meanAbilityScore),
        meanPercentile: dropFirst(aggregates.meanPercentile),
        meanLevelValue: dropFirst(aggregates.meanLevelValue),
        levels: dropFirst(aggregates.levels),
        share1F: dropFirst(aggregates.share1F),
        shareTarget: dropFirst(aggregates.shareTarget),
        referenceCount: dropFirst(aggregates.referenceCount),
        referenceGrades: dropFirst(aggregates.referenceGrades),
        nationalAbilityScore: dropFirst(aggregates.nationalAbilityScore),
        tests: dropFirst(aggregates.tests),
        meanDleLag: dropFirst(aggregates.meanDleLag),
      },
    };
    expect(() => unpackSchoolHistory(orphaned)).toThrow(/no school aggregate/);
    expect(() =>
      readSchoolHistory({
        ...answer,
        aggregates: { ...aggregates, levels: aggregates.levels.map((counts) => counts.slice(0, 2)) },
      }),
    ).toThrow();
  });

  it('is much smaller than the history itself for a school with many groups', () => {
    const moments = [2021, 2022, 2023, 2024].flatMap((year): [number, YearTime][] => [
      [year, 'M'],
      [year, 'E'],
    ]);
    const big = history(moments, [1, 2, 3, 4, 5, 6, 7, 8], 3);
    const plain = JSON.stringify(big).length;
    const packed = JSON.stringify(packSchoolHistory(big)).length;
    expect(readSchoolHistory(overTheWire(big))).toEqual(big);
    expect(packed / plain).toBeLessThan(0.5);
  });
});
