import { z } from 'zod';
import { ALPHABETICAL_LEVELS, ROMAN_LEVELS } from '../scores';
import { subjectSchema, testProviderCodeSchema, yearTimeSchema } from './catalog';
import {
  methodScoreSchema,
  momentSchema,
  nationalScoreSchema,
  personNameSchema,
  pupilApproachSchema,
  resultAggregateSchema,
  scoreNoteSchema,
  yearClassNoteSchema,
} from './results';

/*
 * `GET /year_classes/{id}/result/`: a group's results. The answer is compact (yearClassResultSchema: tests, method
 * tests and moments once, results as columns referring to them); the contract's unpackYearClassResult turns it into
 * the YearClassResult the pages read (every pupil with their results), packYearClassResult the other way.
 */

/** Ability score difference per pupil, subject and moment since the previous result of the same provider (scales differ). */
export const growthSchema = momentSchema.extend({
  subjectId: z.number().int(),
  abilityScore: z.number(),
  previousCalendarYear: z.number().int(),
  previousYearTime: yearTimeSchema,
  previousAbilityScore: z.number(),
  growth: z.number(),
});
export type Growth = z.infer<typeof growthSchema>;

/**
 * A national result as the group page shows it, with `growth`: the ability score difference since the pupil's
 * previous result of the same provider and test version (counted results only; null when there is none).
 */
export const groupNationalScoreSchema = nationalScoreSchema
  .pick({
    id: true,
    pupilId: true,
    nationalTestId: true,
    subjectId: true,
    providerId: true,
    provider: true,
    calendarYear: true,
    yearTime: true,
    levelValue: true,
    abilityScore: true,
    percentile: true,
    alphabetical: true,
    roman: true,
    testVersion: true,
    functionalLevel: true,
    dle: true,
    dleAboveScale: true,
    referenceLevel: true,
    projectedReferenceLevel: true,
    isCounted: true,
  })
  .extend({ growth: z.number().nullable() });
export type GroupNationalScore = z.infer<typeof groupNationalScoreSchema>;

/** A method result as the group page shows it. */
export const groupMethodScoreSchema = methodScoreSchema.omit({ yearClassId: true });
export type GroupMethodScore = z.infer<typeof groupMethodScoreSchema>;

const yearClassPupilSchema = personNameSchema.extend({
  id: z.number().int(),
  grade: z.number().int(),
  citoIsExcluded: z.boolean(),
  showOutflowProfile: z.boolean(),
});

/**
 * A pupil of the group: national `scores` within NATIONAL_WINDOW_MONTHS, `methodScores` within
 * METHOD_WINDOW_MONTHS (of today), notes on those scores and current-year `approaches` per subject.
 */
export const yearClassPupilResultSchema = yearClassPupilSchema.extend({
  scores: z.array(groupNationalScoreSchema),
  methodScores: z.array(groupMethodScoreSchema),
  methodNotes: z.array(scoreNoteSchema),
  citoNotes: z.array(scoreNoteSchema),
  approaches: z.array(pupilApproachSchema),
});
export type YearClassPupilResult = z.infer<typeof yearClassPupilResultSchema>;

/** The group's aggregate of one subject at one moment (its current pupils, also at earlier moments). */
export const groupMomentAggregateSchema = resultAggregateSchema.extend({
  subjectId: z.number().int(),
  calendarYear: z.number().int(),
  yearTime: yearTimeSchema,
  /** Mean growth (ability score) of the pupils with a previous result. */
  meanGrowth: z.number().nullable(),
});
export type GroupMomentAggregate = z.infer<typeof groupMomentAggregateSchema>;

/** A test-moment note with the pupils it names. */
export const testMomentNoteSchema = yearClassNoteSchema.extend({
  relatedPupils: z.array(personNameSchema.extend({ id: z.number().int() })),
});

/**
 * Which school year the shown approaches belong to: `classYear` the group's school year, `expectedYear` the school
 * year of the approaches shown (the group's, else the latest earlier one with approaches), `testTime` the latest
 * national moment before the last approach change (what the approaches were based on), `lastChanged` that change.
 */
export const approachesInfoSchema = z.object({
  classYear: z.number().int(),
  expectedYear: z.number().int(),
  testTime: momentSchema.nullable(),
  lastChanged: z.string().nullable(),
});

const yearClassGroupSchema = z.object({
  id: z.number().int(),
  schoolId: z.number().int(),
  name: z.string(),
  grade: z.number().int(),
  grades: z.array(z.number().int()),
  calendarYear: z.number().int(),
  hasGoals: z.boolean(),
  /** The teachers permitted on the group, by surname. */
  teachers: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

/** The group's results as the pages read them (unpackYearClassResult of the answer). */
export const yearClassResultViewSchema = z.object({
  group: yearClassGroupSchema,
  subjects: z.array(subjectSchema),
  /** Sorted by name (particle rule). */
  pupils: z.array(yearClassPupilResultSchema),
  /** Group aggregates per subject and moment, moments ascending (the last is the latest). */
  citoScores: z.array(groupMomentAggregateSchema),
  testMomentNotes: z.array(testMomentNoteSchema),
  methodTestNotes: z.array(yearClassNoteSchema),
  approachesInfo: approachesInfoSchema,
});
export type YearClassResult = z.infer<typeof yearClassResultViewSchema>;

/* ---------- the answer: lookups once, rows as columns ---------- */

type ColumnShape<S extends z.core.$ZodShape> = { -readonly [K in keyof S]: z.ZodArray<S[K]> };

/**
 * The columns of rows of `row`: an array per field, the i-th entries of all arrays together making the i-th row
 * (no key repeated per row). Every array has the same length.
 */
export function columnsSchema<S extends z.core.$ZodShape>(row: z.ZodObject<S>): z.ZodObject<ColumnShape<S>> {
  const shape: Record<string, z.ZodArray<z.core.$ZodType>> = {};
  for (const [key, field] of Object.entries(row.shape)) shape[key] = z.array(field);
  // The loop above gives every key of S its array: the mapped type says just that.
  return z.object(shape) as z.ZodObject<ColumnShape<S>>;
}

/** A national test of the answer's results: its subject, provider and version. */
export const resultTestSchema = z.object({
  id: z.number().int(),
  subjectId: z.number().int(),
  providerId: z.number().int(),
  provider: testProviderCodeSchema,
  version: z.string(),
});

/** A method test of the answer's method results. */
export const resultMethodTestSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  methodId: z.number().int(),
  methodName: z.string(),
  subjectId: z.number().int(),
  grade: z.number().int(),
  block: z.number().int(),
  maxScore: z.number().int(),
});

/** `testId` refers to `tests`, `moment` to `moments` (by position); `level` is the roman level, else the letter. */
export const packedNationalScoreSchema = z.object({
  id: z.number().int(),
  pupilId: z.number().int(),
  testId: z.number().int(),
  moment: z.number().int(),
  levelValue: z.number().int().nullable(),
  abilityScore: z.number().nullable(),
  percentile: z.number().int().nullable(),
  level: z.enum([...ROMAN_LEVELS, ...ALPHABETICAL_LEVELS]).nullable(),
  functionalLevel: z.string().nullable(),
  dle: z.number().int().nullable(),
  referenceLevel: nationalScoreSchema.shape.referenceLevel,
  projectedReferenceLevel: nationalScoreSchema.shape.projectedReferenceLevel,
  growth: z.number().nullable(),
});

/** `testId` refers to `methodTests`. */
export const packedMethodScoreSchema = z.object({
  id: z.number().int(),
  pupilId: z.number().int(),
  testId: z.number().int(),
  calendarYear: z.number().int(),
  score: z.number(),
  performance: methodScoreSchema.shape.performance,
  testDate: z.string(),
});

/** `moment` refers to `moments` (by position). */
export const packedAggregateSchema = groupMomentAggregateSchema
  .omit({ calendarYear: true, yearTime: true })
  .extend({ moment: z.number().int() });

/** `GET /year_classes/{id}/result/`: the group's results (teachers: permitted groups only, else 404). */
export const yearClassResultSchema = z.object({
  group: yearClassGroupSchema,
  subjects: z.array(subjectSchema),
  /** Sorted by name (particle rule). */
  pupils: z.array(yearClassPupilSchema),
  /** The moments the results and aggregates refer to, ascending. */
  moments: z.array(momentSchema),
  tests: z.array(resultTestSchema),
  methodTests: z.array(resultMethodTestSchema),
  /**
   * National results of the pupils (see yearClassPupilResultSchema), every provider; `notCounted` the ids of those
   * of a lower-priority provider, `dleAboveScale` those whose DLE is above the tables.
   */
  scores: columnsSchema(packedNationalScoreSchema).extend({
    notCounted: z.array(z.number().int()),
    dleAboveScale: z.array(z.number().int()),
  }),
  methodScores: columnsSchema(packedMethodScoreSchema),
  /** Notes on the national and method results in `scores` and `methodScores`. */
  scoreNotes: z.array(scoreNoteSchema),
  approaches: columnsSchema(pupilApproachSchema.extend({ pupilId: z.number().int() })),
  /** Group aggregates per subject and moment, moments ascending (the last is the latest). */
  citoScores: columnsSchema(packedAggregateSchema),
  testMomentNotes: z.array(testMomentNoteSchema),
  methodTestNotes: z.array(yearClassNoteSchema),
  approachesInfo: approachesInfoSchema,
});
export type YearClassResultAnswer = z.infer<typeof yearClassResultSchema>;
