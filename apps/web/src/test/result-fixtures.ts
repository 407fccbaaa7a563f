import {
  groupNationalScoreSchema,
  levelValueForRoman,
  packSchoolHistory,
  packYearClassResult,
  romanLevelForPercentile,
  type GroupNationalScore,
  type MethodScore,
  type NationalScore,
  type PupilDetail,
  type ResultAggregate,
  type SchoolHistory,
  type Subject,
  type TestProviderCode,
  type UserSettings,
  type YearClassPupilResult,
  type YearClassResult,
  type YearTime,
} from '@leerzicht/contract';
import { jsonResponse } from './fake-api';

/** Test and benchmark data of the results pages (ids as in the demo catalogue). */

export const SUBJECTS: Subject[] = [
  {
    id: 1,
    code: 'RW',
    name: 'Rekenen-Wiskunde',
    nameNl: 'Rekenen-Wiskunde',
    nameEn: 'Mathematics',
    position: 4,
    isPreschool: false,
  },
  {
    id: 2,
    code: 'SP',
    name: 'Spelling',
    nameNl: 'Spelling',
    nameEn: 'Spelling',
    position: 1,
    isPreschool: false,
  },
  {
    id: 3,
    code: 'TBL',
    name: 'Begrijpend lezen',
    nameNl: 'Begrijpend lezen',
    nameEn: 'Reading comprehension',
    position: 2,
    isPreschool: false,
  },
  {
    id: 4,
    code: 'DMT',
    name: 'Technisch lezen (DMT)',
    nameNl: 'Technisch lezen (DMT)',
    nameEn: 'Technical reading (DMT)',
    position: 3,
    isPreschool: false,
  },
  {
    id: 5,
    code: 'WST',
    name: 'Woordenschat',
    nameNl: 'Woordenschat',
    nameEn: 'Vocabulary',
    position: 5,
    isPreschool: false,
  },
];

export const SETTINGS: UserSettings = {
  showNationalAverage: true,
  showBarAverage: false,
  aggregationType: 'moment',
  preferredTestsView: null,
  verdictMeasure: 'levelValue',
};

const PROVIDER_IDS: Record<TestProviderCode, number> = { CITO: 1, DIA: 2, IEP: 3 };
let nextId = 1000;

export interface ScoreInput {
  pupilId: number;
  subjectId: number;
  calendarYear: number;
  yearTime: YearTime;
  grade: number;
  abilityScore: number;
  percentile: number;
  provider?: TestProviderCode;
  testDate?: string | null;
  yearClassId?: number;
  /** As the server marks it: false for a result of a lower-priority provider at the same moment. */
  isCounted?: boolean;
  testVersion?: string;
  /** Any other field as the server would send it (labels outside the tables' range, reference results). */
  overrides?: Partial<NationalScore>;
}

export function nationalScore(input: ScoreInput): NationalScore {
  const provider = input.provider ?? 'CITO';
  const roman = romanLevelForPercentile(input.percentile);
  return {
    id: nextId++,
    pupilId: input.pupilId,
    yearClassId: input.yearClassId ?? 40,
    yearClassName: 'Groep 6A',
    nationalTestId: PROVIDER_IDS[provider] * 10 + input.subjectId,
    subjectId: input.subjectId,
    providerId: PROVIDER_IDS[provider],
    provider,
    calendarYear: input.calendarYear,
    yearTime: input.yearTime,
    grade: input.grade,
    testDate: input.testDate === undefined ? null : input.testDate,
    testVersion: input.testVersion ?? (provider === 'CITO' ? '3.0' : '2024'),
    levelValue: levelValueForRoman(roman),
    abilityScore: input.abilityScore,
    percentile: input.percentile,
    alphabetical: null,
    roman,
    functionalLevel: `${input.yearTime}${input.grade}`,
    dle: Math.max(0, (input.grade - 3) * 10 + 5),
    dleAboveScale: false,
    referenceLevel: input.grade >= 7 ? '1F' : null,
    projectedReferenceLevel: input.grade >= 5 ? (input.percentile >= 45 ? '1S' : '1F') : null,
    isCounted: input.isCounted ?? true,
    ...input.overrides,
  };
}

export function methodScore(input: {
  pupilId: number;
  subjectId: number;
  testDate: string;
  performance: MethodScore['performance'];
  methodTestId?: number;
  name?: string;
}): MethodScore {
  const id = nextId++;
  return {
    id,
    pupilId: input.pupilId,
    yearClassId: 40,
    methodTestId: input.methodTestId ?? id,
    methodTestName: input.name ?? `Blok ${id}`,
    methodId: 1,
    methodName: 'Pluspunt',
    subjectId: input.subjectId,
    calendarYear: Number(input.testDate.slice(0, 4)),
    grade: 6,
    block: 1,
    score: 30,
    maxScore: 40,
    performance: input.performance,
    testDate: input.testDate,
  };
}

/** A national result as the group result has it: without the server's growth unless given. */
export function groupScore(score: NationalScore, growth: number | null = null): GroupNationalScore {
  return groupNationalScoreSchema.parse({ ...score, growth });
}

export function groupPupil(
  id: number,
  name: [string, string, string],
  scores: (NationalScore | GroupNationalScore)[] = [],
  extra: Partial<YearClassPupilResult> = {},
): YearClassPupilResult {
  return {
    id,
    firstName: name[0],
    lastNamePrefix: name[1],
    lastName: name[2],
    grade: 6,
    citoIsExcluded: false,
    showOutflowProfile: false,
    scores: scores.map((score) => ('growth' in score ? score : groupScore(score))),
    methodScores: [],
    methodNotes: [],
    citoNotes: [],
    approaches: [],
    ...extra,
  };
}

export function yearClassResult(
  pupils: YearClassPupilResult[],
  extra: Partial<YearClassResult['group']> = {},
): YearClassResult {
  return {
    group: {
      id: 40,
      schoolId: 1,
      name: 'Groep 6A',
      grade: 6,
      grades: [6],
      calendarYear: 2025,
      hasGoals: false,
      teachers: [{ id: 3, name: 'Tom Leerkracht' }],
      ...extra,
    },
    subjects: SUBJECTS,
    pupils,
    citoScores: [],
    testMomentNotes: [],
    methodTestNotes: [],
    approachesInfo: { classYear: 2025, expectedYear: 2025, testTime: null, lastChanged: null },
  };
}

/** The server's answer of `GET /year_classes/{id}/result/` with this result (packed as the server packs it). */
export function yearClassResponse(result: YearClassResult): Response {
  return jsonResponse(packYearClassResult(result));
}

export function pupilDetail(extra: Partial<PupilDetail> = {}): PupilDetail {
  return {
    id: 7,
    schoolId: 1,
    firstName: 'Sanne',
    lastNamePrefix: 'van der',
    lastName: 'Berg',
    dateOfBirth: '2014-05-01',
    citoIsExcluded: false,
    showOutflowProfile: false,
    isPinned: false,
    pinId: null,
    current: { yearClassId: 40, yearClassName: 'Groep 6A', calendarYear: 2025, grade: 6 },
    enrolments: [],
    subjects: SUBJECTS,
    scores: [],
    methodScores: [],
    scoreNotes: [],
    approaches: [],
    outflowAdvice: { pupilId: 7, outflowAdvice: null, calendarYear: null, finalTestScore: null },
    norms: [],
    ...extra,
  };
}

const emptyLevels = { I: 0, II: 0, III: 0, IV: 0, V: 0 };

export function aggregate(
  meanPercentile: number | null,
  pupilCount: number,
  levels = emptyLevels,
): ResultAggregate {
  return {
    pupilCount,
    meanAbilityScore: meanPercentile === null ? null : meanPercentile + 40,
    meanPercentile,
    meanLevelValue: meanPercentile === null ? null : Math.round(meanPercentile / 20),
    levels,
    share1F: null,
    shareTarget: null,
    referenceCount: 0,
    referenceGrades: [],
    nationalAbilityScore: null,
    tests: [{ provider: 'CITO', version: '3.0' }],
    meanDleLag: null,
  };
}

export function exam(
  calendarYear: number,
  yearTime: YearTime,
  results: SchoolHistory['exams'][number]['results'],
) {
  return { calendarYear, yearTime, key: `${calendarYear}-${yearTime}`, results };
}

export function schoolHistory(extra: Partial<SchoolHistory> = {}): SchoolHistory {
  return {
    schoolId: 1,
    calendarYears: [],
    subjects: SUBJECTS,
    exams: [],
    notes: [],
    schoolAmbitions: [],
    norms: [],
    ...extra,
  };
}

/** The server's answer of `GET /school_history/{id}/` with this history (packed as the server packs it). */
export function schoolHistoryResponse(history: SchoolHistory): Response {
  return jsonResponse(packSchoolHistory(history));
}
