import { catalogEndpoints } from '@leerzicht/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointQueryOptions } from '../../../lib/query-keys';

/** `GET /subjects/`: every subject, for the names in the reasons. */
export function useSubjects() {
  return useQuery({
    ...endpointQueryOptions(catalogEndpoints.subjects, {}),
    staleTime: Infinity,
    throwOnError: true,
  });
}
