import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, MailMessage } from './mail';

/**
 * The pieces every single-use link sent by mail shares (password reset, sign-in link, e-mail change): a random key
 * for the link, of which only the SHA-256 is stored, so a copy of the database opens no account.
 */
export function newLinkKey(): { key: string; hash: string } {
  const key = randomBytes(32).toString('base64url');
  return { key, hash: hashLinkKey(key) };
}

export const hashLinkKey = (key: string): string => createHash('sha256').update(key).digest('hex');

/** The web page a link opens: `pathTemplate` holds `{token}`. */
export function linkUrl(appUrl: string, pathTemplate: string, key: string): string {
  return `${appUrl.replace(/\/+$/, '')}${pathTemplate.replace('{token}', encodeURIComponent(key))}`;
}

/**
 * Sends without waiting: the answer goes out first, so its timing does not tell whether an account exists. A failure
 * is logged without recipient or body.
 */
export function sendAfterAnswer(
  mailer: Mailer,
  message: MailMessage,
  log: FastifyBaseLogger,
  what: string,
): void {
  mailer.send(message).catch((error: unknown) => {
    log.error({ err: { message: error instanceof Error ? error.message : String(error) } }, `${what} failed`);
  });
}
