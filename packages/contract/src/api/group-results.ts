import { z } from 'zod';
import { HIGHEST_GRADE } from '../constants';
import { idParam, intParam } from './common';
import { nationalNormSchema, subjectSchema, yearTimeSchema } from './catalog';
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

/* Group and grade results: the year class result and the year grades (see results.ts for the shared parts). */

/* ---------- year class result: GET /year_classes/{id}/result/ ---------- */

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
 * A pupil of the group: national `scores` within NATIONAL_WINDOW_MONTHS, `methodScores` within
 * METHOD_WINDOW_MONTHS (of today), notes on those scores, current-year `approaches` per subject, growth.
 */
export const yearClassPupilResultSchema = personNameSchema.extend({
  id: z.number().int(),
  grade: z.number().int(),
  citoIsExcluded: z.boolean(),
  showOutflowProfile: z.boolean(),
  scores: z.array(nationalScoreSchema),
  methodScores: z.array(methodScoreSchema),
  methodNotes: z.array(scoreNoteSchema),
  citoNotes: z.array(scoreNoteSchema),
  approaches: z.array(pupilApproachSchema),
  growth: z.array(growthSchema),
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

/** `GET /year_classes/{id}/result/`: the group's results (teachers: permitted groups only, else 404). */
export const yearClassResultSchema = z.object({
  group: z.object({
    id: z.number().int(),
    schoolId: z.number().int(),
    name: z.string(),
    grade: z.number().int(),
    grades: z.array(z.number().int()),
    calendarYear: z.number().int(),
    hasGoals: z.boolean(),
    /** The teachers permitted on the group, by surname. */
    teachers: z.array(z.object({ id: z.number().int(), name: z.string() })),
  }),
  subjects: z.array(subjectSchema),
  /** Sorted by name (particle rule). */
  pupils: z.array(yearClassPupilResultSchema),
  /** Group aggregates per subject and moment, moments ascending (the last is the latest). */
  citoScores: z.array(groupMomentAggregateSchema),
  testMomentNotes: z.array(testMomentNoteSchema),
  methodTestNotes: z.array(yearClassNoteSchema),
  approachesInfo: approachesInfoSchema,
  norms: z.array(nationalNormSchema),
});
export type YearClassResult = z.infer<typeof yearClassResultSchema>;

/* ---------- year grades: GET /schools/{id}/year_grades/ and /year_grades/{yeargradeId}/ ---------- */

/** A grade of the school; `id` is the grade number (1..8), scoped by the school in the path. */
export const yearGradeSummarySchema = z.object({
  id: z.number().int(),
  grade: z.number().int(),
  calendarYears: z.array(z.number().int()),
  yearClassCount: z.number().int(),
});
export const yearGradeListSchema = z.array(yearGradeSummarySchema);

export const yeargradeParamsSchema = z.object({
  id: idParam,
  yeargradeId: intParam(1, HIGHEST_GRADE),
});

/** One school year's cohort of the grade: its groups and per subject and moment the aggregate. */
export const cohortSchema = z.object({
  calendarYear: z.number().int(),
  yearClasses: z.array(z.object({ id: z.number().int(), name: z.string() })),
  results: z.array(resultAggregateSchema.extend({ subjectId: z.number().int(), yearTime: yearTimeSchema })),
});
export type Cohort = z.infer<typeof cohortSchema>;

/** `GET /schools/{id}/year_grades/{yeargradeId}/`: the cohorts of a grade compared over the years (ascending). */
export const yearGradeSchema = z.object({
  id: z.number().int(),
  grade: z.number().int(),
  schoolId: z.number().int(),
  subjects: z.array(subjectSchema),
  cohorts: z.array(cohortSchema),
  norms: z.array(nationalNormSchema),
});
export type YearGrade = z.infer<typeof yearGradeSchema>;
