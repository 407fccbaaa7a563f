import {
  ACCOUNT_ERRORS,
  passwordProblems,
  type PasswordChangeRequest,
  type PasswordOwner,
} from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { writeAudit } from '../../platform/audit';
import { badRequest, unauthorized } from '../../platform/http-errors';
import { hashPassword } from '../../platform/passwords';
import type { ActiveSession } from '../../platform/sessions';
import type { AttemptSource } from '../../platform/password-attempts';
import { checkCurrentPassword } from './password-confirmation';
import { findUser, revokeUserSessions, setPasswordHash } from './repository';

/** Per-field problems of a new password pair: rules on newPassword1, the match on newPassword2. */
export function newPasswordErrors(
  input: { newPassword1: string; newPassword2: string },
  owner: PasswordOwner,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const problems = passwordProblems(input.newPassword1, owner);
  if (problems.length > 0) errors.newPassword1 = problems;
  if (input.newPassword1 !== input.newPassword2) errors.newPassword2 = [ACCOUNT_ERRORS.passwordMismatch];
  return errors;
}

/**
 * `POST /rest-auth/password/change/`: the current password is checked (rate limited like the login),
 * the new one follows the password rules; on success every other session of the account is signed out.
 */
export async function changePassword(
  ctx: AppContext,
  session: ActiveSession,
  input: PasswordChangeRequest,
  source: AttemptSource,
): Promise<{ detail: string }> {
  const user = await findUser(ctx.db, session.userId);
  if (!user) throw unauthorized();
  const errors = newPasswordErrors(input, user);
  if (!(await checkCurrentPassword(ctx, user, input.oldPassword, source))) {
    errors.oldPassword = [ACCOUNT_ERRORS.wrongPassword];
  }
  if (Object.keys(errors).length > 0) throw badRequest('Invalid input.', errors);

  const now = ctx.now();
  const hash = await hashPassword(input.newPassword1);
  // The new password, the other sessions signed out and the audit row, all or nothing: a 503 on a later
  // statement must not leave a changed password with the old sessions still open.
  await ctx.db.transaction(async (tx) => {
    await setPasswordHash(tx, user.id, hash);
    await revokeUserSessions(tx, user.id, now, session.sessionId);
    await writeAudit(tx, {
      actorUserId: user.id,
      action: 'password.change',
      entity: 'user',
      entityId: user.id,
      at: now,
    });
  });
  return { detail: 'New password has been saved.' };
}
