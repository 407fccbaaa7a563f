import { profileSchema, type Profile } from '@leerzicht/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { PROFILE_QUERY_KEY } from '../../../lib/session';

export { PROFILE_QUERY_KEY };

export function getProfile(): Promise<Profile> {
  return apiClient.get('/profile', profileSchema);
}

export const profileQueryOptions = queryOptions({ queryKey: PROFILE_QUERY_KEY, queryFn: getProfile });

export function useProfileQuery() {
  return useQuery(profileQueryOptions);
}
