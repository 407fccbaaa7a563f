/**
 * The external ticketing service (spec section 7): the files go first, in one multipart `POST {url}/upload` with
 * the files named by their index (`0`, `1`, ...), then `POST {url}/submit?key={key}` with the message as JSON
 * (`email, message, screenshot, name, properties, attachments`). The access key only ever travels from this
 * server to the service. The service's answers are not shown to anyone; a failure is an error to retry.
 */
export interface TicketFile {
  fileName: string;
  contentType: string;
  content: Buffer;
}

export interface OutgoingTicket {
  email: string;
  name: string;
  message: string;
  properties: Record<string, string | boolean | number | null>;
  attachments: TicketFile[];
  screenshot: TicketFile | null;
}

export interface TicketingService {
  send(ticket: OutgoingTicket): Promise<void>;
}

const TIMEOUT_MS = 30_000;

/**
 * What /upload answered, as one reference per file in upload order. The specification leaves the answer's shape
 * open: a JSON array, or an object holding one (`files`, `attachments` or `ids`); anything else leaves the file
 * names themselves as references.
 */
function uploadReferences(answer: unknown, count: number, names: string[]): unknown[] {
  const list = Array.isArray(answer)
    ? answer
    : typeof answer === 'object' && answer !== null
      ? (['files', 'attachments', 'ids'] as const)
          .map((key) => (answer as Record<string, unknown>)[key])
          .find(Array.isArray)
      : undefined;
  return list && list.length === count ? list : names;
}

export function createTicketingService(options: { url: string; key: string }): TicketingService {
  const base = options.url.replace(/\/+$/, '');
  return {
    async send(ticket) {
      const files = [...ticket.attachments, ...(ticket.screenshot ? [ticket.screenshot] : [])];
      let references: unknown[] = [];
      if (files.length > 0) {
        const form = new FormData();
        files.forEach((file, index) => {
          form.append(String(index), new Blob([file.content], { type: file.contentType }), file.fileName);
        });
        const upload = await fetch(`${base}/upload`, {
          method: 'POST',
          body: form,
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        if (!upload.ok) throw new Error(`upload answered ${upload.status}`);
        const text = await upload.text();
        let answer: unknown = null;
        try {
          answer = text ? JSON.parse(text) : null;
        } catch {
          answer = null;
        }
        references = uploadReferences(
          answer,
          files.length,
          files.map((file) => file.fileName),
        );
      }
      const attachmentReferences = references.slice(0, ticket.attachments.length);
      const screenshotReference = ticket.screenshot ? (references[ticket.attachments.length] ?? null) : null;
      const submit = await fetch(`${base}/submit?key=${encodeURIComponent(options.key)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: ticket.email,
          message: ticket.message,
          screenshot: screenshotReference,
          name: ticket.name,
          properties: ticket.properties,
          attachments: attachmentReferences,
        }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await submit.arrayBuffer().catch(() => undefined);
      if (!submit.ok) throw new Error(`submit answered ${submit.status}`);
    },
  };
}
