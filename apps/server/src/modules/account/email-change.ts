import type { FastifyBaseLogger } from 'fastify';
import {
  ACCOUNT_ERRORS,
  EMAIL_CHANGE_CONFIRMED_DETAIL,
  EMAIL_CHANGE_CONFIRM_PATH,
  EMAIL_CHANGE_VALID_HOURS,
  type EmailChangeConfirmRequest,
} from '@leerzicht/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import { badRequest } from '../../platform/http-errors';
import type { MailMessage } from '../../platform/mail';
import { hashLinkKey, linkUrl, newLinkKey, sendAfterAnswer } from '../../platform/mailed-links';
import { claimEmailChange, insertEmailChange, setEmail } from './email-change-repository';
import { emailChangeLinkMail, emailChangeNoticeMail } from './email-change-mails';
import { findAccountConflicts, findUser, isUniqueViolation } from './repository';

const VALID_MS = EMAIL_CHANGE_VALID_HOURS * 3_600_000;

type Account = NonNullable<Awaited<ReturnType<typeof findUser>>>;

/** Mails go out after the answer; a failure is logged without recipient or body. */
const sendLater = (ctx: AppContext, log: FastifyBaseLogger, message: MailMessage) =>
  sendAfterAnswer(ctx.mailer, message, log, 'e-mail change mail');

/**
 * Starts a change of e-mail address: the account keeps its address until the link mailed to the new one is
 * opened, and the old address is told. When the new address already belongs to another account no link is
 * sent, but the caller's answer is the same, so the call reveals nothing about other accounts.
 *
 * Stores the request with its audit entry through `db`, the caller's transaction (all or nothing with the
 * caller's other writes), and answers the mails, which the caller sends only once that transaction committed
 * (sendEmailChangeMails).
 */
export async function storeEmailChange(
  ctx: AppContext,
  db: Db,
  user: Account,
  newEmail: string,
): Promise<MailMessage[]> {
  const now = ctx.now();
  const link = newLinkKey();
  await insertEmailChange(db, {
    userId: user.id,
    newEmail,
    tokenHash: link.hash,
    createdAt: now,
    expiresAt: new Date(now.getTime() + VALID_MS),
  });
  await writeAudit(db, {
    actorUserId: user.id,
    action: 'account.email_change_requested',
    entity: 'user',
    entityId: user.id,
    at: now,
  });
  const taken = (await findAccountConflicts(db, user.id, { email: newEmail })).email;
  const greeting = { language: user.language, firstName: user.firstName };
  const mails: MailMessage[] = [];
  if (!taken) {
    const url = linkUrl(ctx.config.APP_URL, EMAIL_CHANGE_CONFIRM_PATH, link.key);
    mails.push(emailChangeLinkMail({ ...greeting, to: newEmail, username: user.username, link: url }));
  }
  mails.push(
    emailChangeNoticeMail({
      ...greeting,
      to: user.email,
      newEmail,
      stage: 'requested',
      supportEmail: ctx.config.SUPPORT_EMAIL,
    }),
  );
  return mails;
}

/** Sends the mails storeEmailChange answered, after its transaction committed. */
export function sendEmailChangeMails(
  ctx: AppContext,
  log: FastifyBaseLogger,
  mails: readonly MailMessage[],
): void {
  for (const mail of mails) sendLater(ctx, log, mail);
}

/**
 * `POST /rest-auth/user/email/confirm/`: makes the requested address the account's address through a valid
 * link (used once; 400 on `token` otherwise, nothing changed) and tells the old address.
 */
export async function confirmEmailChange(
  ctx: AppContext,
  input: EmailChangeConfirmRequest,
  log: FastifyBaseLogger,
): Promise<{ detail: string }> {
  const now = ctx.now();
  const invalid = () => badRequest('Invalid input.', { token: [ACCOUNT_ERRORS.emailChangeInvalid] });
  const outcome = await ctx.db
    .transaction(async (db) => {
      const claimed = await claimEmailChange(db, hashLinkKey(input.token), now);
      if (!claimed) return null;
      const user = await findUser(db, claimed.userId);
      if (!user || !user.isActive) return null;
      if ((await findAccountConflicts(db, user.id, { email: claimed.newEmail })).email)
        return 'taken' as const;
      await setEmail(db, user.id, claimed.newEmail);
      await writeAudit(db, {
        actorUserId: user.id,
        action: 'account.email_changed',
        entity: 'user',
        entityId: user.id,
        at: now,
      });
      return { user, newEmail: claimed.newEmail };
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) return 'taken' as const;
      throw error;
    });
  if (outcome === null) throw invalid();
  if (outcome === 'taken') throw badRequest('Invalid input.', { token: [ACCOUNT_ERRORS.emailTaken] });
  const { user, newEmail } = outcome;
  sendLater(
    ctx,
    log,
    emailChangeNoticeMail({
      language: user.language,
      firstName: user.firstName,
      to: user.email,
      newEmail,
      stage: 'changed',
      supportEmail: ctx.config.SUPPORT_EMAIL,
    }),
  );
  return { detail: EMAIL_CHANGE_CONFIRMED_DETAIL };
}
