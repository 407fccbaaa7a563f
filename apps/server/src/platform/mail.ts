import { mkdir, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Where local mails go (embedded mode), for the README and tests; null with SMTP. */
  readonly outbox: string | null;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: { info(details: { subject: string }, message: string): void };
}

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise each message is written as an .eml file under
 * DATA_DIR/mail and only its subject is logged (never the recipient or the body).
 */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      outbox: null,
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
        options.log.info({ subject: message.subject }, 'mail sent');
      },
    };
  }
  const outbox = path.join(options.dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    outbox,
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(outbox, { recursive: true });
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      options.log.info({ subject: message.subject }, 'mail written to the local outbox');
    },
  };
}
