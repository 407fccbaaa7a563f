import { invitationSchema, type Invitation } from '@leerzicht/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** `GET /person_invitation/{key}` (public): unknown and expired keys answer 404. */
export function getInvitation(key: string): Promise<Invitation> {
  return apiClient.get(`/person_invitation/${encodeURIComponent(key)}`, invitationSchema);
}

export function invitationQueryOptions(key: string) {
  return queryOptions({ queryKey: ['invitation', key], queryFn: () => getInvitation(key) });
}

export function useInvitationQuery(key: string) {
  return useQuery(invitationQueryOptions(key));
}
