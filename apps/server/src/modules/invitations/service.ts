import {
  INVITATION_ERRORS,
  INVITATION_VALID_DAYS,
  fullName,
  isValidInvitationEmail,
  type CreateInvitationsRequest,
  type CreateInvitationsResponse,
  type SchoolInvitation,
} from '@leerzicht/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import { badRequest, notFound } from '../../platform/http-errors';
import { reserveAttempt, type AttemptLimit } from '../../platform/rate-limit';
import type { ActiveSession } from '../../platform/sessions';
import { invitationMail } from './invitation-mail';
import { invitationLink, newInvitationKey } from './keys';
import {
  deleteInvitation,
  deleteUnsentInvitation,
  findInvitation,
  findOpenInvitation,
  findSchoolName,
  findUserByEmail,
  findUserById,
  insertInvitation,
  isMemberByEmail,
  lockInvitationAddress,
  markInvitationMailed,
  reissueUnsentInvitation,
  setInvitationSuperuser,
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
}

export function toSchoolInvitation(row: InvitationRow): SchoolInvitation {
  return {
    id: row.id,
    schoolId: row.schoolId,
    email: row.email,
    isSchoolSuperuser: row.isSchoolSuperuser,
    accepted: row.acceptedAt !== null,
    expiresAt: row.expiresAt.toISOString(),
  };
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

/**
 * Invites each address to the school, answering per address: errors for an invalid address, a member, or an
 * address with an open invitation; otherwise the invitation is stored, mailed and answered with its id.
 * Addresses are stored trimmed and in lower case.
 *
 * Mailing cannot be part of a database transaction, so an invitation goes through three steps: stored (with
 * its audit entry, under a lock on the address) without `mail_sent_at`; mailed after that commit; then marked
 * sent. When the mail server refuses, the invitation is removed again and the answer says so. A request for an
 * address whose invitation is stored but not marked sent mails nothing while that is recent (its own request
 * may be sending it); later it mails a fresh link (the old key stops working), so a request that died
 * between storing and mailing does not leave an invitation nobody received.
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
  if (toMail.size > 0) {
    const perAddress = [
      { limit: INVITATION_LIMITS.perInviter, subject: String(inviter.id) },
      { limit: INVITATION_LIMITS.perSchool, subject: String(input.schoolId) },
    ];
    // All or nothing: a request over a limit stores and mails nothing (429 with Retry-After).
    await reserveAttempt(
      ctx.db,
      Array.from(toMail.keys()).flatMap(() => perAddress),
      ctx.now(),
    );
  }

  for (const [index, email] of toMail) {
    const result = results[index];
    if (!result) continue;
    const now = ctx.now();
    const { key, keyHash } = newInvitationKey();
    const terms = {
      keyHash,
      createdAt: now,
      expiresAt: new Date(now.getTime() + INVITATION_VALID_DAYS * DAY_MS),
      invitedBy: inviter.id,
      isSchoolSuperuser,
    };
    const stored = await ctx.db.transaction(async (tx) => {
      await lockInvitationAddress(tx, input.schoolId, email);
      // Again under the lock: a concurrent request may have invited the address since the first look.
      if (await isMemberByEmail(tx, input.schoolId, email)) return INVITATION_ERRORS.alreadyMember;
      const open = await findOpenInvitation(tx, input.schoolId, email, now);
      if (blocks(open, now)) return INVITATION_ERRORS.alreadyInvited;
      const invitation = open
        ? await reissueUnsentInvitation(tx, open.id, terms)
        : await insertInvitation(tx, { schoolId: input.schoolId, email, mailSentAt: null, ...terms });
      if (!invitation) return INVITATION_ERRORS.alreadyInvited;
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
      return invitation;
    });
    if (typeof stored === 'string') {
      result.errors = [stored];
      continue;
    }

    // The recipient's own language when the address has an account, else the inviter's.
    const account = await findUserByEmail(ctx.db, email);
    const mail = invitationMail({
      to: email,
      language: (account ?? inviter).language,
      schoolName,
      inviterName,
      link: invitationLink(ctx.config.APP_URL, key),
      expiresAt: stored.expiresAt,
      existingAccount: account !== null,
    });
    try {
      await ctx.mailer.send(mail);
    } catch (error) {
      log.warn({ invitationId: stored.id, err: mailErrorOf(error) }, 'invitation mail could not be sent');
      await withdrawUnsent(ctx, session, stored);
      result.errors = [INVITATION_ERRORS.mailFailed];
      continue;
    }
    await markInvitationMailed(ctx.db, stored.id, ctx.now());
    result.id = stored.id;
  }
  return { invitations: results };
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

/** The school of an invitation, for the route's policy (404 when unknown). */
export async function invitationSchool(ctx: AppContext, id: number): Promise<number> {
  const invitation = await findInvitation(ctx.db, id);
  if (!invitation) throw notFound();
  return invitation.schoolId;
}

/** An open invitation by id (the route's policy has checked the caller is a superuser of its school). */
async function openInvitation(ctx: AppContext, id: number) {
  const invitation = await findInvitation(ctx.db, id);
  if (!invitation) throw notFound();
  if (invitation.acceptedAt) throw badRequest('This invitation has already been accepted.');
  return invitation;
}

/** Withdraws an invitation that was not accepted; its key stops working at once. */
export async function removeInvitation(ctx: AppContext, session: ActiveSession, id: number) {
  const invitation = await openInvitation(ctx, id);
  await deleteInvitation(ctx.db, invitation.schoolId, invitation.id);
  await writeAudit(ctx.db, {
    schoolId: invitation.schoolId,
    actorUserId: session.userId,
    impersonatorId: session.impersonatorId,
    action: 'invitation.remove',
    entity: 'invitation',
    entityId: invitation.id,
    at: ctx.now(),
  });
  return { id: invitation.id, detail: 'Invitation removed.' };
}

export async function updateInvitation(
  ctx: AppContext,
  session: ActiveSession,
  id: number,
  isSchoolSuperuser: boolean,
): Promise<SchoolInvitation> {
  const invitation = await openInvitation(ctx, id);
  const updated = await setInvitationSuperuser(ctx.db, invitation.schoolId, invitation.id, isSchoolSuperuser);
  if (!updated) throw badRequest('This invitation has already been accepted.');
  await writeAudit(ctx.db, {
    schoolId: invitation.schoolId,
    actorUserId: session.userId,
    impersonatorId: session.impersonatorId,
    action: 'invitation.update',
    entity: 'invitation',
    entityId: invitation.id,
    details: { isSchoolSuperuser },
    at: ctx.now(),
  });
  return toSchoolInvitation(updated);
}
