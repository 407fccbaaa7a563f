import { idParamSchema } from '../api/common';
import { schoolAnalyticsQuerySchema, schoolAnalyticsSchema } from '../api/school-analytics';
import { defineEndpoint } from '../endpoint';

/** The school page's analyses per subject (the specification names no call; ours). */
export const schoolAnalyticsEndpoints = {
  schoolAnalytics: defineEndpoint({
    method: 'GET',
    path: '/schools/:id/analytics/',
    summary:
      "A subject's level distribution and ambition shares per moment and its growth per half-year beside the norm's",
    params: idParamSchema,
    query: schoolAnalyticsQuerySchema,
    response: schoolAnalyticsSchema,
  }),
};
