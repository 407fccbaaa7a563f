import { pupilEndpoints } from '@leerzicht/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointQueryOptions } from '../../lib/query-keys';

/** `GET /pupils/{id}/?school_id=`: the pupil's results across all years and providers. */
export function pupilQueryOptions(pupilId: number, schoolId: number) {
  return endpointQueryOptions(pupilEndpoints.detail, {
    params: { id: pupilId },
    query: { school_id: schoolId },
  });
}

export function usePupilQuery(pupilId: number, schoolId: number) {
  return useQuery({ ...pupilQueryOptions(pupilId, schoolId), throwOnError: true });
}
