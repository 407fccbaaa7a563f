import { subjectTrendEndpoints, type SubjectTrendView } from '@leerzicht/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpointQueryOptions } from '../../../lib/query-keys';

/** `GET /schools/{id}/subject_trends/`: one subject's series per cohort, grade or group. */
export function subjectTrendsQueryOptions(
  schoolId: number,
  query: { subjectId: number; view: SubjectTrendView; schoolYear: number | null },
) {
  return endpointQueryOptions(subjectTrendEndpoints.subjectTrends, {
    params: { id: schoolId },
    query: {
      subject_id: query.subjectId,
      view: query.view,
      ...(query.schoolYear === null ? {} : { school_year: query.schoolYear }),
    },
  });
}

/** The previous view's answer stays on screen while the next one loads (no jump to a skeleton). */
export function useSubjectTrendsQuery(...args: Parameters<typeof subjectTrendsQueryOptions>) {
  return useQuery({
    ...subjectTrendsQueryOptions(...args),
    placeholderData: keepPreviousData,
    throwOnError: true,
  });
}
