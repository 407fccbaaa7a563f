import { yearGradeListSchema, yearGradeSchema } from '@leerzicht/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** `GET /schools/{id}/year_grades/`: the grades of the school with their school years. */
export function yearGradesQueryOptions(schoolId: number) {
  return queryOptions({
    queryKey: ['year-grades', schoolId],
    queryFn: () => apiClient.get(`/schools/${schoolId}/year_grades`, yearGradeListSchema),
  });
}

export function useYearGradesQuery(schoolId: number) {
  return useQuery({ ...yearGradesQueryOptions(schoolId), throwOnError: true });
}

/** `GET /schools/{id}/year_grades/{yeargradeId}/`: the cohorts of one grade over the years. */
export function yearGradeQueryOptions(schoolId: number, yeargradeId: number) {
  return queryOptions({
    queryKey: ['year-grades', schoolId, yeargradeId],
    queryFn: () => apiClient.get(`/schools/${schoolId}/year_grades/${yeargradeId}`, yearGradeSchema),
  });
}

export function useYearGradeQuery(schoolId: number, yeargradeId: number) {
  return useQuery({ ...yearGradeQueryOptions(schoolId, yeargradeId), throwOnError: true });
}
