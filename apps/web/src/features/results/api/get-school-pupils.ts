import { schoolPupilsSchema, type SchoolPupils } from '@leerzicht/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useCurrentProfile } from '../../../lib/current-profile';

export const schoolPupilsQueryKey = (schoolId: number) => ['school-pupils', schoolId] as const;

/** `GET /school_pupils/{id}/?school_year=`: the groups of the school year and their pupils. */
export function getSchoolPupils(schoolId: number, schoolYear: number): Promise<SchoolPupils> {
  return apiClient.get(`/school_pupils/${schoolId}`, schoolPupilsSchema, {
    query: { school_year: schoolYear },
  });
}

export function schoolPupilsQueryOptions(schoolId: number, schoolYear: number) {
  return queryOptions({
    queryKey: [...schoolPupilsQueryKey(schoolId), schoolYear],
    queryFn: () => getSchoolPupils(schoolId, schoolYear),
  });
}

export function useSchoolPupilsQuery(schoolId: number) {
  const { currentSchoolYear } = useCurrentProfile();
  return useQuery({ ...schoolPupilsQueryOptions(schoolId, currentSchoolYear), throwOnError: true });
}
