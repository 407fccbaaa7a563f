import {
  nationalTestExclusionEndpoints,
  pupilEndpoints,
  pupilsToDiscussEndpoints,
  resultEndpoints,
  schoolAnalyticsEndpoints,
  subjectTrendEndpoints,
  type NationalTestExclusionUpdate,
} from '@leerzicht/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isSuppressed } from '../../../lib/api-client';
import { endpointQueryOptions, invalidate } from '../../../lib/query-keys';

/** `GET /schools/{id}/national_test_exclusions/?school_year=`: the school's pupils of the year with their exclusion. */
export function useExclusionsQuery(schoolId: number, schoolYear: number) {
  return useQuery({
    ...endpointQueryOptions(nationalTestExclusionEndpoints.list, {
      params: { id: schoolId },
      query: { school_year: schoolYear },
    }),
    throwOnError: true,
  });
}

/**
 * `POST /national_test_exclusions/`: excludes pupils (with a reason) or includes them again. The list, and the
 * results, analytics, trends, pupil pages and pupils to discuss that leave excluded pupils out, are read again.
 */
export function useUpdateExclusions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NationalTestExclusionUpdate) =>
      api.call(nationalTestExclusionEndpoints.update, { body }),
    onSuccess: async (result) => {
      if (isSuppressed(result)) return;
      await Promise.all([
        invalidate(queryClient, nationalTestExclusionEndpoints.list),
        ...Object.values(resultEndpoints).map((endpoint) => invalidate(queryClient, endpoint)),
        ...Object.values(pupilEndpoints).map((endpoint) => invalidate(queryClient, endpoint)),
        ...[
          ...Object.values(schoolAnalyticsEndpoints),
          ...Object.values(subjectTrendEndpoints),
          ...Object.values(pupilsToDiscussEndpoints),
        ].map((endpoint) => invalidate(queryClient, endpoint)),
      ]);
    },
  });
}
