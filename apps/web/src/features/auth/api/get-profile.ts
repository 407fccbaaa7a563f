import { accountEndpoints } from '@leerzicht/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointQueryOptions } from '../../../lib/query-keys';
import { PROFILE_QUERY_KEY } from '../../../lib/session';

export { PROFILE_QUERY_KEY };

/** `GET /profile/`: the signed-in user, the schools with what the user may do there, and the session's flags. */
export const profileQueryOptions = endpointQueryOptions(accountEndpoints.profile, {});

export function useProfileQuery() {
  return useQuery(profileQueryOptions);
}
