import { pupilDetailSchema, type PupilDetail } from '@leerzicht/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const pupilQueryKey = (pupilId: number, schoolId: number) => ['pupil', pupilId, schoolId] as const;

/** `GET /pupils/{id}/?school_id=`: the pupil's results across all years and providers. */
export function getPupil(pupilId: number, schoolId: number): Promise<PupilDetail> {
  return apiClient.get(`/pupils/${pupilId}`, pupilDetailSchema, { query: { school_id: schoolId } });
}

export function pupilQueryOptions(pupilId: number, schoolId: number) {
  return queryOptions({
    queryKey: pupilQueryKey(pupilId, schoolId),
    queryFn: () => getPupil(pupilId, schoolId),
  });
}

export function usePupilQuery(pupilId: number, schoolId: number) {
  return useQuery({ ...pupilQueryOptions(pupilId, schoolId), throwOnError: true });
}
