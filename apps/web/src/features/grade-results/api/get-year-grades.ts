import { resultEndpoints } from '@leerzicht/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointQueryOptions } from '../../../lib/query-keys';

/** `GET /schools/{id}/year_grades/`: the grades of the school with their school years. */
export function yearGradesQueryOptions(schoolId: number) {
  return endpointQueryOptions(resultEndpoints.yearGrades, { params: { id: schoolId } });
}

export function useYearGradesQuery(schoolId: number) {
  return useQuery({ ...yearGradesQueryOptions(schoolId), throwOnError: true });
}

/** `GET /schools/{id}/year_grades/{yeargradeId}/`: the cohorts of one grade over the years. */
export function yearGradeQueryOptions(schoolId: number, yeargradeId: number) {
  return endpointQueryOptions(resultEndpoints.yearGrade, { params: { id: schoolId, yeargradeId } });
}

export function useYearGradeQuery(schoolId: number, yeargradeId: number) {
  return useQuery({ ...yearGradeQueryOptions(schoolId, yeargradeId), throwOnError: true });
}
