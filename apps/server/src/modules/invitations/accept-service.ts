import {
  INVITATION_ERRORS,
  passwordProblems,
  type AcceptInvitationRequest,
  type AcceptInvitationResponse,
  type Invitation,
} from '@leerzicht/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import { HttpError, badRequest } from '../../platform/http-errors';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { releaseAttempt, reserveAttempt, type AttemptLimit } from '../../platform/rate-limit';
import { hashInvitationKey } from './keys';
import {
  addMembership,
  claimInvitation,
  createAccount,
  findInvitationByKeyHash,
  findUserByEmail,
  freeUsername,
  setAcceptedUser,
  type InvitationRow,
} from './repository';

export const INVITATION_DETAILS = {
  expired: 'This invitation has expired. Ask your school for a new invitation.',
  used: 'This invitation has already been used.',
} as const;

/** Password attempts on an existing account through one invitation (failed ones count; a success gives back). */
const ACCEPT_LIMIT: AttemptLimit = { name: 'invitation:accept', max: 10, windowMs: 15 * 60 * 1000 };

function auditAccept(db: Db, invitation: InvitationRow, userId: number, newAccount: boolean, at: Date) {
  return writeAudit(db, {
    schoolId: invitation.schoolId,
    actorUserId: userId,
    action: 'invitation.accept',
    entity: 'invitation',
    entityId: invitation.id,
    details: { newAccount, isSchoolSuperuser: invitation.isSchoolSuperuser },
    at,
  });
}

/** Unknown keys answer 404; open keys past their expiry too (with their own detail). */
async function loadByKey(ctx: AppContext, key: string) {
  const found = await findInvitationByKeyHash(ctx.db, hashInvitationKey(key));
  if (!found) throw new HttpError(404, 'Not found.');
  const { invitation } = found;
  if (!invitation.acceptedAt && invitation.expiresAt.getTime() <= ctx.now().getTime()) {
    throw new HttpError(404, INVITATION_DETAILS.expired);
  }
  return found;
}

/** Public: what the accept screen shows. A used key answers accepted: true (and the username) for the redirect. */
export async function getInvitationByKey(ctx: AppContext, key: string): Promise<Invitation> {
  const { invitation, schoolName, acceptedUsername } = await loadByKey(ctx, key);
  const account = invitation.acceptedAt ? null : await findUserByEmail(ctx.db, invitation.email);
  return {
    id: invitation.id,
    schoolId: invitation.schoolId,
    schoolName,
    email: invitation.email,
    isSchoolSuperuser: invitation.isSchoolSuperuser,
    accepted: invitation.acceptedAt !== null,
    expiresAt: invitation.expiresAt.toISOString(),
    existingAccount: invitation.acceptedAt !== null || account !== null,
    username: invitation.acceptedAt ? acceptedUsername : null,
  };
}

/**
 * Public: accepts an invitation once. Without an account for the invited address a new one is created
 * (username = the address, or the address with "-2", "-3"... when that username is taken), with default
 * settings and a membership carrying the invitation's superuser flag. With an account for the address, that
 * account joins the school instead, and the password given must be the account's own (names are then left
 * unchanged; wrong passwords are rate limited per invitation). Answers the username to log in with.
 */
export async function acceptInvitation(
  ctx: AppContext,
  key: string,
  input: AcceptInvitationRequest,
): Promise<AcceptInvitationResponse> {
  const { invitation } = await loadByKey(ctx, key);
  if (invitation.acceptedAt) throw badRequest(INVITATION_DETAILS.used);
  if (input.email.trim().toLowerCase() !== invitation.email.toLowerCase()) {
    throw badRequest('Invalid input.', { email: [INVITATION_ERRORS.emailMismatch] });
  }

  const existing = await findUserByEmail(ctx.db, invitation.email);
  if (existing) {
    const now = ctx.now();
    const reservation = await reserveAttempt(
      ctx.db,
      [{ limit: ACCEPT_LIMIT, subject: String(invitation.id) }],
      now,
    );
    if (!(await verifyPassword(existing.passwordHash, input.password))) {
      throw badRequest('Invalid input.', { password: [INVITATION_ERRORS.existingAccountPassword] });
    }
    await releaseAttempt(ctx.db, reservation);
    await ctx.db.transaction(async (tx) => {
      if (!(await claimInvitation(tx, invitation.id, existing.id, now)))
        throw badRequest(INVITATION_DETAILS.used);
      await addMembership(tx, {
        schoolId: invitation.schoolId,
        userId: existing.id,
        isSchoolSuperuser: invitation.isSchoolSuperuser,
        now,
      });
      await auditAccept(tx, invitation, existing.id, false, now);
    });
    return { username: existing.username };
  }

  // A new account gets the password rules of every new password (length, not common, not personal).
  const problems = passwordProblems(input.password, { username: invitation.email, email: invitation.email });
  if (problems.length > 0) throw badRequest('Invalid input.', { password: problems });
  const passwordHash = await hashPassword(input.password);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    // Claim first: a concurrent second accept waits on this row and then finds it used.
    if (!(await claimInvitation(tx, invitation.id, null, now))) throw badRequest(INVITATION_DETAILS.used);
    const user = await createAccount(tx, {
      username: await freeUsername(tx, invitation.email),
      email: invitation.email,
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      passwordHash,
      now,
    });
    await setAcceptedUser(tx, invitation.id, user.id);
    await addMembership(tx, {
      schoolId: invitation.schoolId,
      userId: user.id,
      isSchoolSuperuser: invitation.isSchoolSuperuser,
      now,
    });
    await auditAccept(tx, invitation, user.id, true, now);
    return { username: user.username };
  });
}
