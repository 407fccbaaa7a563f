import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope recipients (RCPT TO). */
  to: string[];
  /** The whole message as received (headers and body, CRLF line ends). */
  raw: string;
}

export interface LoopbackSmtpServer {
  /** SMTP_URL for createTestApp({ env: { SMTP_URL } }). */
  url: string;
  messages: ReceivedMail[];
  /** Resolves once at least `count` messages arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/**
 * An SMTP server on 127.0.0.1 (random port) that accepts every message without authentication or TLS
 * and keeps the raw messages for the test to read. nodemailer needs no extra options: STARTTLS is not
 * advertised, so a plain `smtp://127.0.0.1:<port>` connection stays unencrypted.
 */
export async function startSmtpServer(
  options: {
    /** Recipients the server refuses (550 at RCPT TO), e.g. to make one invitation mail fail. */
    refuse?: (address: string) => boolean;
  } = {},
): Promise<LoopbackSmtpServer> {
  const messages: ReceivedMail[] = [];
  const waiters: { count: number; resolve: (value: ReceivedMail[]) => void }[] = [];
  const notify = () => {
    for (const waiter of [...waiters]) {
      if (messages.length >= waiter.count) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(messages.slice());
      }
    }
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.refuse?.(address.address)) {
        // Worded like real servers, which name the refused address.
        const error = new Error(`5.1.1 <${address.address}>: Recipient address rejected`);
        callback(Object.assign(error, { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        notify();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(count, timeoutMs = 5000) {
      if (messages.length >= count) return Promise.resolve(messages.slice());
      return new Promise((resolve, reject) => {
        const waiter = {
          count,
          resolve: (value: ReceivedMail[]) => {
            clearTimeout(timer);
            resolve(value);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`expected ${count} mail(s), received ${messages.length}`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The text of a raw message with quoted-printable soft line breaks and escapes undone. */
export function decodeQuotedPrintable(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}
