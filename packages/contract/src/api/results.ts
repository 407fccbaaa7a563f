import { z } from 'zod';
import { idSchema, intParam } from './common';
import { APPROACHES, OUTFLOW_ADVICES, PERFORMANCE_LETTERS, REFERENCE_RESULTS } from '../constants';
import { ALPHABETICAL_LEVELS, ROMAN_LEVELS } from '../scores';
import { nationalNormSchema, subjectSchema, testProviderCodeSchema, yearTimeSchema } from './catalog';
import { publishedFiguresSchema } from './inspectorate';

/*
 * Results of national and method tests: school history, school pupils, outflow, year class result and year grade.
 * Aggregates are computed by the server in SQL over the pupils the user may read; pupils excluded from national
 * tests (`citoIsExcluded`) are left out of every aggregate, and where a pupil has results of several providers for
 * one subject and moment only the highest-priority one (CITO, DIA, IEP) counts.
 */

/** A test moment: school year (named by its first calendar year) and time (B, X, M, E). */
export const momentSchema = z.object({
  calendarYear: z.number().int(),
  yearTime: yearTimeSchema,
});
export type Moment = z.infer<typeof momentSchema>;

/** Counts of results per level I..V (I highest). */
export const levelCountsSchema = z.object({
  I: z.number().int(),
  II: z.number().int(),
  III: z.number().int(),
  IV: z.number().int(),
  V: z.number().int(),
});
export type LevelCounts = z.infer<typeof levelCountsSchema>;

/**
 * The aggregate of one subject at one moment over a set of pupils (a group, a grade, the school).
 * Means are null when no result carries the field. `share1F` / `shareTarget` are percentages (0-100) of the
 * results that carry a reference result (`referenceCount`, from the grades in `referenceGrades`) at or above 1F,
 * and at 1S/2F; null when none does. Results of grades without reference levels are not in the denominator.
 * `meanAbilityScore` is null when the counted results come from more than one test (provider or version): their
 * scales cannot be averaged; `tests` names them. `meanDleLag` leaves out results above the DLE scale.
 */
export const resultAggregateSchema = z.object({
  pupilCount: z.number().int(),
  meanAbilityScore: z.number().nullable(),
  meanPercentile: z.number().nullable(),
  meanLevelValue: z.number().nullable(),
  levels: levelCountsSchema,
  share1F: z.number().nullable(),
  shareTarget: z.number().nullable(),
  referenceCount: z.number().int(),
  referenceGrades: z.array(z.number().int()),
  /** Mean national norm ability score of the counted results (their provider, grade and moment); null if unknown. */
  nationalAbilityScore: z.number().nullable(),
  /** The tests of the counted results, by provider priority then version. */
  tests: z.array(z.object({ provider: testProviderCodeSchema, version: z.string() })),
  meanDleLag: z.number().nullable(),
});
export type ResultAggregate = z.infer<typeof resultAggregateSchema>;

/** The national comparison, the same for every aggregate: percentile 50, 20% per level, level value 3. */
export const NATIONAL_AVERAGE = { percentile: 50, levelShare: 20, levelValue: 3 } as const;

/** A note on a group's test moment (or method test) with the pupils it names. */
export const yearClassNoteSchema = z.object({
  id: z.number().int(),
  yearClassId: z.number().int(),
  kind: z.enum(['test_moment', 'method_test']),
  subjectId: z.number().int(),
  calendarYear: z.number().int(),
  yearTime: yearTimeSchema.nullable(),
  methodTestId: z.number().int().nullable(),
  content: z.string(),
  relatedPupilIds: z.array(z.number().int()),
  /** Read only by its author, sencos and school superusers. */
  confidential: z.boolean(),
  authorId: z.number().int().nullable(),
  dateCreated: z.string(),
});
export type YearClassNote = z.infer<typeof yearClassNoteSchema>;

/** The band (percentile scale 0-100) a school aims for per subject. */
export const schoolAmbitionSchema = z.object({
  id: z.number().int(),
  subjectId: z.number().int(),
  lowScore: z.number(),
  highScore: z.number(),
});
export type SchoolAmbition = z.infer<typeof schoolAmbitionSchema>;

/** `PATCH /school_ambitions/{id}/` (school superusers): the band, 0 ≤ lowScore ≤ highScore ≤ 100. */
export const schoolAmbitionUpdateSchema = z
  .object({
    id: idSchema,
    lowScore: z.number().min(0).max(100),
    highScore: z.number().min(0).max(100),
  })
  .refine((value) => value.lowScore <= value.highScore, {
    message: 'The low score may not be higher than the high score.',
    path: ['lowScore'],
  });
export type SchoolAmbitionUpdate = z.infer<typeof schoolAmbitionUpdateSchema>;

/* ---------- GET /school_history/{id}/ ---------- */

export const yearClassAggregateSchema = resultAggregateSchema.extend({
  yearClassId: z.number().int(),
  yearClassName: z.string(),
  grade: z.number().int(),
});
export const gradeAggregateSchema = resultAggregateSchema.extend({ grade: z.number().int() });

/** One subject at one exam: the school, each grade (pupil's grade at the test) and each group. */
export const subjectResultSchema = z.object({
  subjectId: z.number().int(),
  school: resultAggregateSchema,
  grades: z.array(gradeAggregateSchema),
  yearClasses: z.array(yearClassAggregateSchema),
});
export type SubjectResult = z.infer<typeof subjectResultSchema>;

/** A test moment with results, and per subject (by position) its aggregates. */
export const examSchema = momentSchema.extend({
  /** "2024-M": stable key of the moment. */
  key: z.string(),
  results: z.array(subjectResultSchema),
});
export type Exam = z.infer<typeof examSchema>;

/**
 * `GET /school_history/{id}/`: the school's results over the years. `exams` are sorted by year then time
 * (B, X, M, E), `subjects` by position. A teacher's history covers only their permitted groups.
 */
export const schoolHistorySchema = z.object({
  schoolId: z.number().int(),
  /** School years with results, ascending. */
  calendarYears: z.array(z.number().int()),
  subjects: z.array(subjectSchema),
  exams: z.array(examSchema),
  notes: z.array(yearClassNoteSchema),
  schoolAmbitions: z.array(schoolAmbitionSchema),
  /** Norms of the grades and moments in `exams` (for the national-average line). */
  norms: z.array(nationalNormSchema),
});
export type SchoolHistory = z.infer<typeof schoolHistorySchema>;

/* The answer travels compact (schoolHistoryAnswerSchema); the contract's unpackSchoolHistory gives the page's SchoolHistory. */

/** A group of the answer's group aggregates: its id, name and grade as the aggregates name them. */
export const historyGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  grade: z.number().int(),
});

const aggregateShape = resultAggregateSchema.shape;

/**
 * Every aggregate of the history as columns (the i-th entries of all arrays make the i-th aggregate), in the
 * order of the exams, their results and, per result, the school, its grades and its groups. `exam` refers to
 * `exams`, `group` to `groups` and `tests` to `testLists` (by position); `level` is 0 (school), 1 (grade: `grade`
 * set) or 2 (group: `group` set); `levels` the counts I..V.
 */
export const historyAggregateColumnsSchema = z.object({
  exam: z.array(z.number().int()),
  subjectId: z.array(z.number().int()),
  level: z.array(z.number().int().min(0).max(2)),
  grade: z.array(z.number().int().nullable()),
  group: z.array(z.number().int().nullable()),
  pupilCount: z.array(aggregateShape.pupilCount),
  meanAbilityScore: z.array(aggregateShape.meanAbilityScore),
  meanPercentile: z.array(aggregateShape.meanPercentile),
  meanLevelValue: z.array(aggregateShape.meanLevelValue),
  levels: z.array(z.array(z.number().int()).length(5)),
  share1F: z.array(aggregateShape.share1F),
  shareTarget: z.array(aggregateShape.shareTarget),
  referenceCount: z.array(aggregateShape.referenceCount),
  referenceGrades: z.array(aggregateShape.referenceGrades),
  nationalAbilityScore: z.array(aggregateShape.nationalAbilityScore),
  tests: z.array(z.number().int()),
  meanDleLag: z.array(aggregateShape.meanDleLag),
});

/**
 * The answer of `GET /school_history/{id}/`: as schoolHistorySchema, with the exams as moments (in the same order)
 * and their results as aggregate columns; the groups and the distinct test lists once.
 */
export const schoolHistoryAnswerSchema = schoolHistorySchema.omit({ exams: true }).extend({
  exams: z.array(momentSchema),
  groups: z.array(historyGroupSchema),
  testLists: z.array(aggregateShape.tests),
  aggregates: historyAggregateColumnsSchema,
});
export type SchoolHistoryAnswer = z.infer<typeof schoolHistoryAnswerSchema>;

/* ---------- GET /school_pupils/{id}/?school_year= ---------- */

export const schoolYearQuerySchema = z.object({
  school_year: intParam(2000, 2100).optional(),
});

/** A pupil in a group of the school year; `pinId` is the user's pin (for `DELETE /pin_pupil/{pinId}/`). */
export const schoolPupilSchema = z.object({
  id: z.number().int(),
  yearclassId: z.number().int(),
  firstName: z.string(),
  lastNamePrefix: z.string(),
  lastName: z.string(),
  grade: z.number().int(),
  citoIsExcluded: z.boolean(),
  showOutflowProfile: z.boolean(),
  isPinned: z.boolean(),
  pinId: z.number().int().nullable(),
});
export type SchoolPupil = z.infer<typeof schoolPupilSchema>;

/**
 * `GET /school_pupils/{id}/`: the groups of the school year (default: the session's) and their pupils, sorted by
 * name (particle rule). Teachers: their permitted groups only.
 */
export const schoolPupilsSchema = z.object({
  calendarYear: z.number().int(),
  yearClasses: z.array(
    z.object({
      yearclassId: z.number().int(),
      yearclassName: z.string(),
      grade: z.number().int(),
    }),
  ),
  pupils: z.array(schoolPupilSchema),
});
export type SchoolPupils = z.infer<typeof schoolPupilsSchema>;

/* ---------- GET /school-outflow/{id}/ ---------- */

export const outflowAdviceSchema = z.enum(OUTFLOW_ADVICES);

/** `GET /school-outflow/{id}/`: pupils per secondary-school advice per school year (advices in OUTFLOW_ADVICES order). */
export const schoolOutflowSchema = z.object({
  years: z.array(
    z.object({
      calendarYear: z.number().int(),
      total: z.number().int(),
      advices: z.array(z.object({ advice: outflowAdviceSchema, count: z.number().int() })),
    }),
  ),
});
export type SchoolOutflow = z.infer<typeof schoolOutflowSchema>;

/* ---------- scores ---------- */

/** One national test result with every score field. `isCounted`: highest-priority provider for its subject and moment. */
export const nationalScoreSchema = z.object({
  id: z.number().int(),
  pupilId: z.number().int(),
  yearClassId: z.number().int(),
  yearClassName: z.string(),
  nationalTestId: z.number().int(),
  subjectId: z.number().int(),
  providerId: z.number().int(),
  provider: testProviderCodeSchema,
  calendarYear: z.number().int(),
  yearTime: yearTimeSchema,
  grade: z.number().int(),
  testDate: z.string().nullable(),
  levelValue: z.number().int().nullable(),
  abilityScore: z.number().nullable(),
  percentile: z.number().int().nullable(),
  alphabetical: z.enum(ALPHABETICAL_LEVELS).nullable(),
  roman: z.enum(ROMAN_LEVELS).nullable(),
  /** The test version (e.g. "3.0"); ability scores of different versions are on different scales. */
  testVersion: z.string(),
  /** "M4", or "<M3" / ">E8" outside the norm tables' range (functionalLevelLabel shows "< M3"). */
  functionalLevel: z.string().nullable(),
  dle: z.number().int().nullable(),
  /** The score is above what the DLE tables reach (shown "> 60"; left out of lag averages). */
  dleAboveScale: z.boolean(),
  /** null: not applicable (no reference level for this grade or subject); '<1F' is below 1F. */
  referenceLevel: z.enum(REFERENCE_RESULTS).nullable(),
  /** The level the pupil is on course to reach by the end of groep 8, projected from their growth. */
  projectedReferenceLevel: z.enum(REFERENCE_RESULTS).nullable(),
  isCounted: z.boolean(),
});
export type NationalScore = z.infer<typeof nationalScoreSchema>;

/** A method test result with its performance letter G/V/M/O. */
export const methodScoreSchema = z.object({
  id: z.number().int(),
  pupilId: z.number().int(),
  yearClassId: z.number().int(),
  methodTestId: z.number().int(),
  methodTestName: z.string(),
  methodId: z.number().int(),
  methodName: z.string(),
  subjectId: z.number().int(),
  calendarYear: z.number().int(),
  grade: z.number().int(),
  block: z.number().int(),
  score: z.number(),
  maxScore: z.number().int(),
  performance: z.enum(PERFORMANCE_LETTERS),
  testDate: z.string(),
});
export type MethodScore = z.infer<typeof methodScoreSchema>;

/** A note on one test result (national: `citoTestScoreId` and `forwardLooking`; method: `methodTestScoreId`). */
export const scoreNoteSchema = z.object({
  id: z.number().int(),
  pupilId: z.number().int(),
  citoTestScoreId: z.number().int().nullable(),
  methodTestScoreId: z.number().int().nullable(),
  category: z.string(),
  content: z.string(),
  forwardLooking: z.string().nullable(),
  /** Read only by its author, sencos and school superusers. */
  confidential: z.boolean(),
  authorId: z.number().int().nullable(),
  dateCreated: z.string(),
});
export type ScoreNote = z.infer<typeof scoreNoteSchema>;

export const approachSchema = z.enum(APPROACHES);

/** A pupil's instruction group for a subject in a school year. */
export const pupilApproachSchema = z.object({
  subjectId: z.number().int(),
  calendarYear: z.number().int(),
  approach: approachSchema,
  yearClassId: z.number().int().nullable(),
});
export type PupilApproach = z.infer<typeof pupilApproachSchema>;

/** A pupil's name fields (names sort on lastName, the word after the particle). */
export const personNameSchema = z.object({
  firstName: z.string(),
  lastNamePrefix: z.string(),
  lastName: z.string(),
});

/* ---------- GET /school-inspection/{id}/ ---------- */

/**
 * The inspectorate's view (onderwijsresultatenmodel): of the school's groep-8 pupils over the last three school
 * years together, the share at 1F and at 1S/2F in reading (TBL, 2F), spelling as taalverzorging (SP, 2F) and
 * mathematics (RW, 1S), against the signaleringswaarden. Pupils excluded from national tests are left out.
 */
export const inspectionSubjectSchema = z.object({
  subjectId: z.number().int(),
  targetLevel: z.enum(['1S', '2F']),
  resultCount: z.number().int(),
  share1F: z.number().nullable(),
  shareTarget: z.number().nullable(),
});
/** The product's own shares of one school year (groep-8 pupils of that year; the year starts in calendarYear). */
export const inspectionYearSchema = z.object({
  calendarYear: z.number().int(),
  /**
   * Where the year's figure comes from: the pupils' doorstroomtoets results where the year has them (what the
   * inspectorate judges), else an estimate from the LVS's groep-8 tests ("schatting uit het leerlingvolgsysteem").
   */
  source: z.enum(['doorstroomtoets', 'lvs']),
  pupilCount: z.number().int(),
  share1F: z.number().nullable(),
  shareTarget: z.number().nullable(),
});
/**
 * Where the signaleringswaarden of the verdict come from: the inspectorate's open data (imported by provider
 * staff; `calendarYears` its edition, `ovt` the location row) or entered by a superuser from the inspectorate's
 * letter. The more recent of the two counts.
 */
export const inspectionSignalSourceSchema = z.object({
  kind: z.enum(['imported', 'entered']),
  at: z.string(),
  calendarYears: z.array(z.number().int()),
  ovt: z.string().nullable(),
});
export const schoolInspectionSchema = z.object({
  schoolId: z.number().int(),
  /** The three school years taken together, ascending (those with groep-8 results). */
  calendarYears: z.array(z.number().int()),
  pupilCount: z.number().int(),
  excludedPupilCount: z.number().int(),
  subjects: z.array(inspectionSubjectSchema),
  /** The mean of the subjects' shares, as the inspectorate takes reading, taalverzorging and mathematics together. */
  share1F: z.number().nullable(),
  shareTarget: z.number().nullable(),
  /** The same shares per school year. */
  perYear: z.array(inspectionYearSchema),
  /** The schoolweging of `signalSource` (null without one). */
  schoolweging: z.number().nullable(),
  schoolwegingCategory: z.string().nullable(),
  /**
   * The signaleringswaarden from the inspectorate (imported or entered; see signalSource). Without them there is
   * no verdict: the product does not make the inspectorate's thresholds up.
   */
  signal1F: z.number().nullable(),
  signalTarget: z.number().nullable(),
  signalSource: inspectionSignalSourceSchema.nullable(),
  /** The inspectorate's own published rows for the school's locations (open data), as imported. */
  published: z.array(publishedFiguresSchema),
});
export type SchoolInspection = z.infer<typeof schoolInspectionSchema>;

/**
 * `PATCH /schools/{id}/schoolweging/` (school superusers): the schoolweging (20-40) and, from the inspectorate's
 * letter, the 1S/2F signaleringswaarde (left as it is when absent); null clears a value.
 */
export const schoolwegingUpdateSchema = z.object({
  schoolweging: z.number().min(20).max(40).multipleOf(0.01).nullable(),
  signalTarget: z.number().min(0).max(100).multipleOf(0.1).nullable().optional(),
});
export const schoolwegingSchema = z.object({
  schoolId: z.number().int(),
  schoolweging: z.number().nullable(),
  signalTarget: z.number().nullable(),
});
