import { subjectTrendEndpoints } from '@leerzicht/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointQueryOptions } from '../../../lib/query-keys';

/** `GET /schools/{id}/year_grades/{yeargradeId}/growth/`: the growth M to E of the grade's cohorts. */
export function gradeGrowthQueryOptions(schoolId: number, yeargradeId: number) {
  return endpointQueryOptions(subjectTrendEndpoints.gradeGrowth, { params: { id: schoolId, yeargradeId } });
}

export function useGradeGrowthQuery(schoolId: number, yeargradeId: number) {
  return useQuery({ ...gradeGrowthQueryOptions(schoolId, yeargradeId), throwOnError: true });
}
