import { idParamSchema } from '../api/common';
import {
  gradeGrowthListSchema,
  gradeGrowthParamsSchema,
  subjectTrendQuerySchema,
  subjectTrendsSchema,
} from '../api/subject-trends';
import { defineEndpoint } from '../endpoint';

/** A subject's trends per cohort, grade or group, and a grade's cohorts' growth (ours; the specification has none). */
export const subjectTrendEndpoints = {
  subjectTrends: defineEndpoint({
    method: 'GET',
    path: '/schools/:id/subject_trends/',
    summary:
      "One subject's results over the years per cohort, per grade or per group (the pupils followed back)",
    params: idParamSchema,
    query: subjectTrendQuerySchema,
    response: subjectTrendsSchema,
  }),
  gradeGrowth: defineEndpoint({
    method: 'GET',
    path: '/schools/:id/year_grades/:yeargradeId/growth/',
    summary: "The mean ability growth from M to E of each of a grade's cohorts per subject, with the norm's",
    params: gradeGrowthParamsSchema,
    response: gradeGrowthListSchema,
  }),
};
