import { z } from 'zod';
import { HIGHEST_GRADE } from '../constants';
import { idParam, intParam } from './common';
import { nationalNormSchema, subjectSchema, yearTimeSchema } from './catalog';
import { resultAggregateSchema } from './results';

/* Grade results: the year grades (see results.ts for the shared parts, year-class-result.ts for a group's). */

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
