import type { AppContext } from '../../context';
import type { TicketingService } from '../../platform/ticketing';
import { attachmentsOf, findTicket, pendingTicketIds, updateTicket } from './repository';
import { readStoredFile } from './storage';

/** Attempts before a ticket is given up as `failed` (provider staff see it, with its attempts and last error). */
export const MAX_FORWARD_ATTEMPTS = 6;

export interface TicketForwarder {
  /** Forward this stored ticket in the background, retrying with backoff. */
  enqueue(ticketId: number): void;
  /** Pick up tickets left pending (e.g. by a restart). */
  resumePending(): Promise<void>;
  /** Stop waiting between attempts; running attempts finish. */
  close(): Promise<void>;
}

interface Log {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * A small in-process queue: the ticket is stored first (by the route), then each ticket is sent in its own job,
 * one attempt at a time, waiting TICKETING_RETRY_MS and then twice as long after each failure. A ticket in
 * flight is never sent twice by this process: a job for a ticket already queued is not started again.
 * Several server processes would each resume pending tickets on start; one process sends them in the steady state.
 */
export function createTicketForwarder(ctx: AppContext, service: TicketingService, log: Log): TicketForwarder {
  const running = new Map<number, Promise<void>>();
  const waiting = new Map<NodeJS.Timeout, (goOn: boolean) => void>();
  let closed = false;

  /** Resolves true after the delay, or false at once when the forwarder closes. */
  const wait = (ms: number) =>
    new Promise<boolean>((resolve) => {
      if (closed) return resolve(false);
      const timer = setTimeout(() => {
        waiting.delete(timer);
        resolve(!closed);
      }, ms);
      waiting.set(timer, resolve);
    });

  async function attempt(ticketId: number): Promise<'sent' | 'retry' | 'gone'> {
    const ticket = await findTicket(ctx.db, ticketId);
    if (!ticket || ticket.status !== 'pending') return 'gone';
    const attempts = ticket.attempts + 1;
    try {
      const files = await attachmentsOf(ctx.db, [ticketId]);
      const loaded = await Promise.all(
        files.map(async (file) => ({
          isScreenshot: file.isScreenshot,
          fileName: file.fileName,
          contentType: file.contentType,
          content: await readStoredFile(ctx.config.DATA_DIR, file.storedName),
        })),
      );
      const screenshot = loaded.find((file) => file.isScreenshot) ?? null;
      await service.send({
        email: ticket.email,
        name: ticket.name,
        message: ticket.message,
        properties: ticket.properties,
        attachments: loaded.filter((file) => !file.isScreenshot),
        screenshot,
      });
      await updateTicket(ctx.db, ticketId, {
        status: 'sent',
        attempts,
        sentAt: ctx.now(),
        lastError: null,
        nextAttemptAt: null,
      });
      return 'sent';
    } catch (error) {
      const lastError = error instanceof Error ? error.message.slice(0, 500) : 'unknown error';
      const failed = attempts >= MAX_FORWARD_ATTEMPTS;
      const delay = ctx.config.TICKETING_RETRY_MS * 2 ** (attempts - 1);
      await updateTicket(ctx.db, ticketId, {
        status: failed ? 'failed' : 'pending',
        attempts,
        lastError,
        nextAttemptAt: failed ? null : new Date(Date.now() + delay),
      });
      (failed ? log.error : log.warn)({ ticketId, attempts, lastError }, 'ticket not forwarded');
      return failed ? 'gone' : 'retry';
    }
  }

  async function run(ticketId: number): Promise<void> {
    for (;;) {
      const outcome = await attempt(ticketId);
      if (outcome !== 'retry') return;
      const ticket = await findTicket(ctx.db, ticketId);
      if (!ticket) return;
      const delay = ctx.config.TICKETING_RETRY_MS * 2 ** Math.max(0, ticket.attempts - 1);
      if (!(await wait(delay))) return;
    }
  }

  function enqueue(ticketId: number): void {
    if (closed || running.has(ticketId)) return;
    const job = run(ticketId)
      .catch((error: unknown) =>
        log.error(
          { ticketId, message: error instanceof Error ? error.message : 'unknown' },
          'forwarding stopped',
        ),
      )
      .finally(() => running.delete(ticketId));
    running.set(ticketId, job);
  }

  return {
    enqueue,
    async resumePending() {
      for (const id of await pendingTicketIds(ctx.db)) enqueue(id);
    },
    async close() {
      closed = true;
      for (const [timer, resolve] of waiting) {
        clearTimeout(timer);
        resolve(false);
      }
      waiting.clear();
      await Promise.allSettled([...running.values()]);
    },
  };
}
