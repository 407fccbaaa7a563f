import { resultEndpoints } from '@leerzicht/contract';
import { useQuery } from '@tanstack/react-query';
import { useCurrentProfile } from '../../../lib/current-profile';
import { endpointQueryOptions } from '../../../lib/query-keys';

/** `GET /school_pupils/{id}/?school_year=`: the groups of the school year and their pupils. */
export function schoolPupilsQueryOptions(schoolId: number, schoolYear: number) {
  return endpointQueryOptions(resultEndpoints.schoolPupils, {
    params: { id: schoolId },
    query: { school_year: schoolYear },
  });
}

export function useSchoolPupilsQuery(schoolId: number) {
  const { currentSchoolYear } = useCurrentProfile();
  return useQuery({ ...schoolPupilsQueryOptions(schoolId, currentSchoolYear), throwOnError: true });
}
