import { catalogEndpoints } from '@leerzicht/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointQueryOptions } from '../../../lib/query-keys';

/** `GET /subjects/`: every subject, the same for all schools. */
export function useSubjects() {
  return useQuery({
    ...endpointQueryOptions(catalogEndpoints.subjects, {}),
    staleTime: Infinity,
    throwOnError: true,
  });
}
