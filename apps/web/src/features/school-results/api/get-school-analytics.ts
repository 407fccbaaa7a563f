import { schoolAnalyticsEndpoints } from '@leerzicht/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointQueryOptions } from '../../../lib/query-keys';

/** `GET /schools/{id}/analytics/?subject_id=`: a subject's levels, ambition shares and growth on the school page. */
export function schoolAnalyticsQueryOptions(schoolId: number, subjectId: number) {
  return endpointQueryOptions(schoolAnalyticsEndpoints.schoolAnalytics, {
    params: { id: schoolId },
    query: { subject_id: subjectId },
  });
}

/** Shown in place on the school page: a failure leaves the other subjects readable. */
export function useSchoolAnalyticsQuery(schoolId: number, subjectId: number) {
  return useQuery({ ...schoolAnalyticsQueryOptions(schoolId, subjectId), throwOnError: false });
}
