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
export async function downloadAttachment(ticketId: number, attachmentId: number, fileName: string) {
  const blob = await api.download(supportEndpoints.attachment, { params: { id: ticketId, attachmentId } });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
