import { invitationEndpoints } from '@leerzicht/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointQueryOptions } from '../../../lib/query-keys';

/** `GET /person_invitation/{key}` (public): unknown and expired keys answer 404. */
export function invitationQueryOptions(key: string) {
  return endpointQueryOptions(invitationEndpoints.byKey, { params: { key } });
}

export function useInvitationQuery(key: string) {
  return useQuery(invitationQueryOptions(key));
}
