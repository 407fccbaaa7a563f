import {
  INVITATION_ERRORS,
  INVITATION_VALID_DAYS,
  fullName,
  isValidInvitationEmail,
  type CreateInvitationsRequest,
  type CreateInvitationsResponse,
} from '@leerzicht/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { unavailableCode } from '../../db/connection-loss';
import { writeAudit } from '../../platform/audit';
import { notFound } from '../../platform/http-errors';
import type { MailMessage } from '../../platform/mail';
import { describeQueryError, findQueryError, type QueryFailure } from '../../platform/query-errors';
import { reserveAttempt, type AttemptLimit } from '../../platform/rate-limit';
import type { ActiveSession } from '../../platform/sessions';
import { invitationMail } from './invitation-mail';
import { invitationLink, newInvitationKey } from './keys';
import {
  deleteUnsentInvitation,
  findOpenInvitation,
  findSchoolName,
  findUserByEmail,
  findUserById,
  insertInvitation,
  isMemberByEmail,
  lockInvitationAddress,
  markInvitationsMailed,
  reissueUnsentInvitation,
  type InvitationRow,
} from './repository';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * Invitations make the server mail addresses a signed-in user types in: these limits keep a hijacked or
 * careless superuser account from using it to send mail in bulk. Each address mailed counts (not each request).
 * The largest primary schools have some 80 staff: one superuser can invite them all within an hour (two full
 * requests of 50), and the school as a whole its whole team twice over in a day (typos, re-invitations).
 */
export const INVITATION_LIMITS = {
  perInviter: { name: 'invitation:inviter', max: 100, windowMs: HOUR_MS },
  perSchool: { name: 'invitation:school', max: 200, windowMs: DAY_MS },
} as const satisfies Record<string, AttemptLimit>;

/**
 * How long an invitation stored without its mail marked as sent counts as in flight: the request that stored
 * it may still be talking to the mail server (nodemailer's socket timeout is 10 minutes). After that, its
 * request has died, and asking again mails a fresh link.
 */
export const UNSENT_INVITATION_MS = 15 * MINUTE_MS;

export interface MailFailureLog {
  warn(
    details: { invitationId: number; err: { code: string | null; responseCode: number | null } },
    message: string,
  ): void;
  error(
    details: { invitationIds: number[]; db: QueryFailure | { code: string | null } },
    message: string,
  ): void;
}

type Result = CreateInvitationsResponse['invitations'][number];

/** Whether an open invitation stands in the way of a new one: mailed, or perhaps being mailed right now. */
function blocks(open: InvitationRow | null, now: Date): boolean {
  if (!open) return false;
  return open.mailSentAt !== null || now.getTime() - open.createdAt.getTime() < UNSENT_INVITATION_MS;
}

/** Why this address gets no mail, or null when it is to be invited. */
async function refusal(db: Db, schoolId: number, email: string, now: Date): Promise<string | null> {
  if (await isMemberByEmail(db, schoolId, email)) return INVITATION_ERRORS.alreadyMember;
  if (blocks(await findOpenInvitation(db, schoolId, email, now), now))
    return INVITATION_ERRORS.alreadyInvited;
  return null;
}

/** Only the SMTP codes: a mail server's message can name the recipient. */
function mailErrorOf(error: unknown): { code: string | null; responseCode: number | null } {
  if (typeof error !== 'object' || error === null) return { code: null, responseCode: null };
  const code = 'code' in error && typeof error.code === 'string' ? error.code : null;
  const responseCode =
    'responseCode' in error && typeof error.responseCode === 'number' ? error.responseCode : null;
  return { code, responseCode };
}

/** What the transaction stored for one address: the invitation with its key and mail, or why not. */
type Stored = { invitation: InvitationRow; mail: MailMessage } | string;

/**
 * Invites each address to the school, answering per address: errors for an invalid address, a member, or an
 * address with an open invitation; otherwise the invitation is stored, mailed and answered with its id.
 * Addresses are stored trimmed and in lower case.
 *
 * Mailing cannot be part of a database transaction, so a request goes in three steps. First one transaction
 * stores every invitation of the request with its audit entry (each under a lock on its address) and counts
 * them against the limits, without `mail_sent_at`: a request that fails there (the database went away) has
 * stored, counted and mailed nothing, so its error answer and the rows agree. Only after that commit the mails
 * go out; when the mail server refuses one, that invitation is removed again and the answer says so. Last the
 * mailed ones are marked sent. From the commit on, the answer reports what was stored and mailed even when the
 * database fails again: a removal or mark that fails is logged, and leaves an invitation not marked sent,
 * which a later request reissues (below). A request for an address whose invitation is stored but not marked
 * sent mails nothing while that is recent (its own request may be sending it); later it mails a fresh link
 * (the old key stops working), so a request that died between storing and mailing does not leave an
 * invitation nobody received.
 */
export async function createInvitations(
  ctx: AppContext,
  session: ActiveSession,
  input: CreateInvitationsRequest,
  log: MailFailureLog,
): Promise<CreateInvitationsResponse> {
  const schoolName = await findSchoolName(ctx.db, input.schoolId);
  const inviter = await findUserById(ctx.db, session.userId);
  if (!schoolName || !inviter) throw notFound();
  const inviterName = fullName(inviter) || inviter.username;
  const isSchoolSuperuser = input.isSchoolSuperuser ?? false;

  // First the answers that need no mail, and the count of the mails to send, for the limits.
  const results: Result[] = [];
  const toMail = new Map<number, string>();
  for (const [index, typed] of input.emails.entries()) {
    const email = typed.trim().toLowerCase();
    const shown = typed.trim();
    const error = !isValidInvitationEmail(email)
      ? INVITATION_ERRORS.invalidEmail
      : Array.from(toMail.values()).includes(email)
        ? INVITATION_ERRORS.alreadyInvited
        : await refusal(ctx.db, input.schoolId, email, ctx.now());
    results.push({ email: shown, errors: error ? [error] : [] });
    if (!error) toMail.set(index, email);
  }
  if (toMail.size === 0) return { invitations: results };

  const now = ctx.now();
  const perAddress = [
    { limit: INVITATION_LIMITS.perInviter, subject: String(inviter.id) },
    { limit: INVITATION_LIMITS.perSchool, subject: String(input.schoolId) },
  ];
  const stored = await ctx.db.transaction(async (tx) => {
    // All or nothing: a request over a limit stores and mails nothing (429 with Retry-After).
    await reserveAttempt(
      tx,
      Array.from(toMail.keys()).flatMap(() => perAddress),
      now,
    );
    const outcomes = new Map<number, Stored>();
    for (const [index, email] of toMail) {
      const { key, keyHash } = newInvitationKey();
      const terms = {
        keyHash,
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_VALID_DAYS * DAY_MS),
        invitedBy: inviter.id,
        isSchoolSuperuser,
      };
      await lockInvitationAddress(tx, input.schoolId, email);
      // Again under the lock: a concurrent request may have invited the address since the first look.
      if (await isMemberByEmail(tx, input.schoolId, email)) {
        outcomes.set(index, INVITATION_ERRORS.alreadyMember);
        continue;
      }
      const open = await findOpenInvitation(tx, input.schoolId, email, now);
      const invitation = blocks(open, now)
        ? null
        : open
          ? await reissueUnsentInvitation(tx, open.id, terms)
          : await insertInvitation(tx, { schoolId: input.schoolId, email, mailSentAt: null, ...terms });
      if (!invitation) {
        outcomes.set(index, INVITATION_ERRORS.alreadyInvited);
        continue;
      }
      await writeAudit(tx, {
        schoolId: input.schoolId,
        actorUserId: session.userId,
        impersonatorId: session.impersonatorId,
        action: 'invitation.create',
        entity: 'invitation',
        entityId: invitation.id,
        details: { isSchoolSuperuser, ...(open ? { reissued: true } : {}) },
        at: now,
      });
      // The recipient's own language when the address has an account, else the inviter's.
      const account = await findUserByEmail(tx, email);
      const mail = invitationMail({
        to: email,
        language: (account ?? inviter).language,
        schoolName,
        inviterName,
        link: invitationLink(ctx.config.APP_URL, key),
        expiresAt: invitation.expiresAt,
        existingAccount: account !== null,
      });
      outcomes.set(index, { invitation, mail });
    }
    return outcomes;
  });

  const mailed: number[] = [];
  for (const [index, outcome] of stored) {
    const result = results[index];
    if (!result) continue;
    if (typeof outcome === 'string') {
      result.errors = [outcome];
      continue;
    }
    try {
      await ctx.mailer.send(outcome.mail);
    } catch (error) {
      log.warn(
        { invitationId: outcome.invitation.id, err: mailErrorOf(error) },
        'invitation mail could not be sent',
      );
      await afterCommit(log, [outcome.invitation.id], withdrawUnsent(ctx, session, outcome.invitation));
      result.errors = [INVITATION_ERRORS.mailFailed];
      continue;
    }
    mailed.push(outcome.invitation.id);
    result.id = outcome.invitation.id;
  }
  if (mailed.length > 0) await afterCommit(log, mailed, markInvitationsMailed(ctx.db, mailed, ctx.now()));
  return { invitations: results };
}

/**
 * A write after the invitations were committed (and perhaps mailed): when the database fails now, the answer
 * still says what was stored and mailed, and the failure is logged (the statement and code, never values).
 */
async function afterCommit(
  log: MailFailureLog,
  invitationIds: number[],
  write: Promise<unknown>,
): Promise<void> {
  try {
    await write;
  } catch (error) {
    const queryError = findQueryError(error);
    log.error(
      { invitationIds, db: queryError ? describeQueryError(queryError) : { code: unavailableCode(error) } },
      'invitation not updated after its mail',
    );
  }
}

/** Takes back an invitation whose mail the server refused, so asking again mails it at once. */
async function withdrawUnsent(ctx: AppContext, session: ActiveSession, invitation: InvitationRow) {
  await ctx.db.transaction(async (tx) => {
    if (!(await deleteUnsentInvitation(tx, invitation.id))) return;
    await writeAudit(tx, {
      schoolId: invitation.schoolId,
      actorUserId: session.userId,
      impersonatorId: session.impersonatorId,
      action: 'invitation.remove',
      entity: 'invitation',
      entityId: invitation.id,
      details: { mailFailed: true },
      at: ctx.now(),
    });
  });
}
