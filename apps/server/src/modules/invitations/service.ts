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
import { writeAudit } from '../../platform/audit';
import { badRequest, notFound } from '../../platform/http-errors';
import type { ActiveSession } from '../../platform/sessions';
import { requireSchoolSuperuser } from '../../platform/school-access';
import { invitationMail } from './invitation-mail';
import { invitationLink, newInvitationKey } from './keys';
import {
  deleteInvitation,
  findInvitation,
  findSchoolName,
  findUserByEmail,
  findUserById,
  hasOpenInvitation,
  insertInvitation,
  isMemberByEmail,
  setInvitationSuperuser,
  type InvitationRow,
} from './repository';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface MailFailureLog {
  warn(details: { err: { message: string } }, message: string): void;
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

/**
 * Invites each address to the school, answering per address: errors for an invalid address, a member, or an
 * address with an open invitation; otherwise the invitation is stored and its e-mail sent (an invitation whose
 * e-mail could not be sent is removed again and reported). Addresses are stored trimmed and in lower case.
 */
export async function createInvitations(
  ctx: AppContext,
  session: ActiveSession,
  input: CreateInvitationsRequest,
  log: MailFailureLog,
): Promise<CreateInvitationsResponse> {
  await requireSchoolSuperuser(ctx.db, session.userId, input.schoolId);
  const schoolName = await findSchoolName(ctx.db, input.schoolId);
  const inviter = await findUserById(ctx.db, session.userId);
  if (!schoolName || !inviter) throw notFound();
  const inviterName = fullName(inviter) || inviter.username;
  const results: CreateInvitationsResponse['invitations'] = [];

  for (const typed of input.emails) {
    const email = typed.trim().toLowerCase();
    const shown = typed.trim();
    if (!isValidInvitationEmail(email)) {
      results.push({ email: shown, errors: [INVITATION_ERRORS.invalidEmail] });
      continue;
    }
    if (await isMemberByEmail(ctx.db, input.schoolId, email)) {
      results.push({ email: shown, errors: [INVITATION_ERRORS.alreadyMember] });
      continue;
    }
    const now = ctx.now();
    // Also catches an address given twice in one request: the first occurrence was just invited.
    if (await hasOpenInvitation(ctx.db, input.schoolId, email, now)) {
      results.push({ email: shown, errors: [INVITATION_ERRORS.alreadyInvited] });
      continue;
    }
    const { key, keyHash } = newInvitationKey();
    const invitation = await insertInvitation(ctx.db, {
      schoolId: input.schoolId,
      email,
      keyHash,
      isSchoolSuperuser: input.isSchoolSuperuser ?? false,
      invitedBy: inviter.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + INVITATION_VALID_DAYS * DAY_MS),
    });
    // The recipient's own language when the address has an account, else the inviter's.
    const account = await findUserByEmail(ctx.db, email);
    const mail = invitationMail({
      to: email,
      language: (account ?? inviter).language,
      schoolName,
      inviterName,
      link: invitationLink(ctx.config.APP_URL, key),
      expiresAt: invitation.expiresAt,
      existingAccount: account !== null,
    });
    try {
      await ctx.mailer.send(mail);
    } catch (error) {
      log.warn({ err: { message: (error as Error).message } }, 'invitation mail could not be sent');
      await deleteInvitation(ctx.db, input.schoolId, invitation.id);
      results.push({ email: shown, errors: [INVITATION_ERRORS.mailFailed] });
      continue;
    }
    await writeAudit(ctx.db, {
      schoolId: input.schoolId,
      actorUserId: session.userId,
      impersonatorId: session.impersonatorId,
      action: 'invitation.create',
      entity: 'invitation',
      entityId: invitation.id,
      details: { isSchoolSuperuser: invitation.isSchoolSuperuser },
      at: now,
    });
    results.push({ email: shown, errors: [], id: invitation.id });
  }
  return { invitations: results };
}

/** The invitation by id for a superuser of its school (404 when unknown or outside the user's schools). */
async function invitationForSuperuser(ctx: AppContext, session: ActiveSession, id: number) {
  const invitation = await findInvitation(ctx.db, id);
  if (!invitation) throw notFound();
  await requireSchoolSuperuser(ctx.db, session.userId, invitation.schoolId);
  if (invitation.acceptedAt) throw badRequest('This invitation has already been accepted.');
  return invitation;
}

/** Withdraws an invitation that was not accepted; its key stops working at once. */
export async function removeInvitation(ctx: AppContext, session: ActiveSession, id: number) {
  const invitation = await invitationForSuperuser(ctx, session, id);
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
  const invitation = await invitationForSuperuser(ctx, session, id);
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
