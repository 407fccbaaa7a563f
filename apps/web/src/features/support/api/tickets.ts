import { supportEndpoints } from '@leerzicht/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { endpointQueryOptions } from '../../../lib/query-keys';

/** `GET /support/tickets/`: the newest support tickets (provider staff only). */
export function useSupportTickets() {
  return useQuery({
    ...endpointQueryOptions(supportEndpoints.list, { query: { limit: 100, offset: 0 } }),
    throwOnError: true,
  });
}

/** A ticket's attachment, saved by the browser under the user's file name. */
export function downloadAttachment(ticketId: number, attachmentId: number, fileName: string) {
  return api.download(supportEndpoints.attachment, { params: { id: ticketId, attachmentId } }, { fileName });
}
