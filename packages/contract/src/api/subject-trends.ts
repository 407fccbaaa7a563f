import { z } from 'zod';
import { idParam, intParam } from './common';
import { HIGHEST_GRADE } from '../constants';
import { testProviderCodeSchema, yearTimeSchema } from './catalog';
import { resultAggregateSchema } from './results';

/*
 * Trends of one subject over the years (the subject page) and the growth of a grade's cohorts (the grades page).
 * Like every results read: pupils excluded from national tests are left out, one provider counts per pupil,
 * subject and moment (CITO, DIA, IEP), and a mean ability score exists only when a point's results come from one
 * test (provider and version); `tests` names them.
 */

/**
 * How the series are cut: `cohort` follows the pupils of one cohort (identified by the school year in which it
 * was, or would have been, in groep 1: the school year of a result minus the pupil's grade then, plus one; a
 * pupil who joins later counts from their first result here); `grade` one series per grade (each year a new set
 * of pupils); `group` the pupils of each group of a school year, followed back through their earlier results at
 * this school.
 */
export const SUBJECT_TREND_VIEWS = ['cohort', 'grade', 'group'] as const;
export type SubjectTrendView = (typeof SUBJECT_TREND_VIEWS)[number];

export const subjectTrendQuerySchema = z.object({
  subject_id: idParam,
  view: z
    .enum(SUBJECT_TREND_VIEWS, { error: `Choose one of: ${SUBJECT_TREND_VIEWS.join(', ')}.` })
    .optional()
    .default('cohort'),
  /** The school year whose groups the `group` view follows (default: the session's). */
  school_year: intParam(2000, 2100).optional(),
});
export type SubjectTrendQuery = z.input<typeof subjectTrendQuerySchema>;

/** One moment of a series: the aggregate of its counted results then. */
export const subjectTrendPointSchema = resultAggregateSchema.extend({
  calendarYear: z.number().int(),
  yearTime: yearTimeSchema,
});
export type SubjectTrendPoint = z.infer<typeof subjectTrendPointSchema>;

/**
 * A series: `cohort` (school year in groep 1) for the cohort view, `grade` for the grade view, `yearClassId`,
 * `yearClassName` and `grade` (the group's) for the group view; the others null. Points ascend by moment.
 */
export const subjectTrendSeriesSchema = z.object({
  key: z.string(),
  cohort: z.number().int().nullable(),
  grade: z.number().int().nullable(),
  yearClassId: z.number().int().nullable(),
  yearClassName: z.string().nullable(),
  points: z.array(subjectTrendPointSchema),
});
export type SubjectTrendSeries = z.infer<typeof subjectTrendSeriesSchema>;

/** `GET /schools/{id}/subject_trends/?subject_id=&view=`: the subject's series of the chosen view. */
export const subjectTrendsSchema = z.object({
  schoolId: z.number().int(),
  subjectId: z.number().int(),
  view: z.enum(SUBJECT_TREND_VIEWS),
  /** The school year the answer counts from: the groups of the group view, "now" of a cohort's grade. */
  calendarYear: z.number().int(),
  series: z.array(subjectTrendSeriesSchema),
});
export type SubjectTrends = z.infer<typeof subjectTrendsSchema>;

export const gradeGrowthParamsSchema = z.object({
  id: idParam,
  yeargradeId: intParam(1, HIGHEST_GRADE),
});

/**
 * The growth of one cohort of the grade (one school year) in one subject from the middle (M) to the end (E) of
 * the school year: over the pupils with a counted result of the grade at both moments of the same provider and
 * test version, the mean ability growth and the norm's growth of those tests (null when unknown or when the
 * pupils took different tests, whose scales differ).
 */
export const gradeGrowthSchema = z.object({
  calendarYear: z.number().int(),
  subjectId: z.number().int(),
  pupilCount: z.number().int(),
  meanGrowth: z.number().nullable(),
  normGrowth: z.number().nullable(),
  tests: z.array(z.object({ provider: testProviderCodeSchema, version: z.string() })),
});
export type GradeGrowth = z.infer<typeof gradeGrowthSchema>;

/** `GET /schools/{id}/year_grades/{yeargradeId}/growth/`: the growth M to E of each cohort per subject. */
export const gradeGrowthListSchema = z.object({
  schoolId: z.number().int(),
  grade: z.number().int(),
  growth: z.array(gradeGrowthSchema),
});
export type GradeGrowthList = z.infer<typeof gradeGrowthListSchema>;
