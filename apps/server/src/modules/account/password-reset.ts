import type { FastifyBaseLogger } from 'fastify';
import {
  ACCOUNT_ERRORS,
  PASSWORD_RESET_CONFIRM_PATH,
  PASSWORD_RESET_REQUESTED_DETAIL,
  PASSWORD_RESET_VALID_MINUTES,
  type PasswordResetConfirmRequest,
  type PasswordResetRequest,
} from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { writeAudit } from '../../platform/audit';
import { badRequest } from '../../platform/http-errors';
import { hashLinkKey, linkUrl, newLinkKey, sendAfterAnswer } from '../../platform/mailed-links';
import { hashPassword } from '../../platform/passwords';
import { LIMITS, reserveAttempt } from '../../platform/rate-limit';
import type { AttemptSource } from '../../platform/password-attempts';
import { passwordResetMail } from './mail-templates';
import { newPasswordErrors } from './password-change';
import { canReceivePasswordReset } from './policy';
import { findUserByEmail, revokeUserSessions, setPasswordHash } from './repository';
import {
  claimResetToken,
  findUsableResetToken,
  insertResetToken,
  retireResetTokens,
} from './reset-repository';

const RESET_VALID_MS = PASSWORD_RESET_VALID_MINUTES * 60_000;

/**
 * `POST /rest-auth/password/reset/`: the same answer whether or not the address has an account (rate
 * limited per address asked for and per client). An active, non-demo account gets a single-use link valid
 * for an hour; only the token's SHA-256 is stored. The mail goes out after the answer, so the answer time
 * does not tell either.
 */
export async function requestPasswordReset(
  ctx: AppContext,
  input: PasswordResetRequest,
  source: AttemptSource,
  log: FastifyBaseLogger,
): Promise<{ detail: string }> {
  const now = ctx.now();
  await reserveAttempt(
    ctx.db,
    [
      { limit: LIMITS.resetPerEmail, subject: input.email },
      { limit: LIMITS.resetPerAddress, subject: source.ip },
    ],
    now,
  );
  const user = await findUserByEmail(ctx.db, input.email);
  if (user && canReceivePasswordReset(user)) {
    const link = newLinkKey();
    await insertResetToken(ctx.db, {
      userId: user.id,
      tokenHash: link.hash,
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_VALID_MS),
    });
    const message = passwordResetMail({
      to: user.email,
      language: user.language,
      firstName: user.firstName,
      username: user.username,
      link: linkUrl(ctx.config.APP_URL, PASSWORD_RESET_CONFIRM_PATH, link.key),
    });
    sendAfterAnswer(ctx.mailer, message, log, 'reset mail');
  }
  return { detail: PASSWORD_RESET_REQUESTED_DETAIL };
}

/**
 * `POST /rest-auth/password/reset/confirm/`: sets the new password through a valid link (per-field errors
 * on `token`, `newPassword1`, `newPassword2`, nothing changed on error), uses the link up along with any
 * other open link of the account, and signs out every session.
 */
export async function confirmPasswordReset(
  ctx: AppContext,
  input: PasswordResetConfirmRequest,
): Promise<{ detail: string }> {
  const now = ctx.now();
  const found = await findUsableResetToken(ctx.db, hashLinkKey(input.token), now);
  const errors = found
    ? newPasswordErrors(input, found.user)
    : { ...newPasswordErrors(input, {}), token: [ACCOUNT_ERRORS.resetTokenInvalid] };
  if (!found || Object.keys(errors).length > 0) throw badRequest('Invalid input.', errors);

  const passwordHash = await hashPassword(input.newPassword1);
  const userId = found.user.id;
  const claimed = await ctx.db.transaction(async (db) => {
    if (!(await claimResetToken(db, found.tokenId, now))) return false;
    await setPasswordHash(db, userId, passwordHash);
    await retireResetTokens(db, userId, now);
    await revokeUserSessions(db, userId, now, null);
    // In the transaction: a reset that answered 503 left no audit row without its change, nor a change without it.
    await writeAudit(db, {
      actorUserId: userId,
      action: 'password.reset',
      entity: 'user',
      entityId: userId,
      at: now,
    });
    return true;
  });
  if (!claimed) throw badRequest('Invalid input.', { token: [ACCOUNT_ERRORS.resetTokenInvalid] });
  return { detail: 'Password has been reset with the new password.' };
}
