import { profileSchema, type Profile } from '@leerzicht/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const PROFILE_QUERY_KEY = ['profile'] as const;

export function getProfile(): Promise<Profile> {
  return apiClient.get('/profile', profileSchema);
}

export const profileQueryOptions = queryOptions({ queryKey: PROFILE_QUERY_KEY, queryFn: getProfile });

export function useProfileQuery() {
  return useQuery(profileQueryOptions);
}
