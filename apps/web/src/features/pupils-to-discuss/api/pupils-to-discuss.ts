import { pupilsToDiscussEndpoints } from '@leerzicht/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointQueryOptions } from '../../../lib/query-keys';

/** `GET /year_classes/{id}/pupils_to_discuss/`: the group's pupils with a signal. */
export function useGroupPupilsToDiscuss(yearClassId: number) {
  return useQuery({
    ...endpointQueryOptions(pupilsToDiscussEndpoints.yearClass, { params: { id: yearClassId } }),
    throwOnError: true,
  });
}

/** `GET /schools/{id}/pupils_to_discuss/?calendar_year=`: the pupils with a signal in the groups the user reads. */
export function useSchoolPupilsToDiscuss(schoolId: number, calendarYear: number) {
  return useQuery({
    ...endpointQueryOptions(pupilsToDiscussEndpoints.school, {
      params: { id: schoolId },
      query: { calendar_year: calendarYear },
    }),
    throwOnError: true,
  });
}
