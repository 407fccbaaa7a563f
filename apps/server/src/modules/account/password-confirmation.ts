import {
  ACCOUNT_ERRORS,
  PASSWORD_CONFIRMATION_REQUIRED,
  PASSWORD_CONFIRMATION_VALID_MINUTES,
  type PasswordConfirmRequest,
  type PasswordConfirmResponse,
} from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { badRequest, unauthorized } from '../../platform/http-errors';
import { verifyPassword } from '../../platform/passwords';
import { releaseAttempt } from '../../platform/rate-limit';
import type { ActiveSession } from '../../platform/sessions';
import { beginPasswordAttempt, type AttemptSource } from '../../platform/password-attempts';
import { findPasswordConfirmedAt, findUser, stampPasswordConfirmation } from './repository';

const CONFIRMATION_VALID_MS = PASSWORD_CONFIRMATION_VALID_MINUTES * 60_000;

/**
 * Checks the account's current password; attempts share the login's per-account and per-address
 * limits, so a stolen session cannot be used to guess the password faster than the login form.
 */
export async function checkCurrentPassword(
  ctx: AppContext,
  user: { username: string; passwordHash: string },
  password: string,
  source: AttemptSource,
): Promise<boolean> {
  const attempt = await beginPasswordAttempt(ctx, user.username, source, { codeOffered: false });
  const ok = await verifyPassword(user.passwordHash, password);
  if (ok) await releaseAttempt(ctx.db, attempt.reservation);
  return ok;
}

/** `POST /rest-auth/password/confirm/`: stamps the session after the current password was re-entered. */
export async function confirmPassword(
  ctx: AppContext,
  session: ActiveSession,
  input: PasswordConfirmRequest,
  source: AttemptSource,
): Promise<PasswordConfirmResponse> {
  const user = await findUser(ctx.db, session.userId);
  if (!user) throw unauthorized();
  if (!(await checkCurrentPassword(ctx, user, input.password, source))) {
    throw badRequest('Invalid input.', { password: [ACCOUNT_ERRORS.wrongPassword] });
  }
  const now = ctx.now();
  await stampPasswordConfirmation(ctx.db, session.sessionId, now);
  return {
    detail: 'Password confirmed.',
    confirmedUntil: new Date(now.getTime() + CONFIRMATION_VALID_MS).toISOString(),
  };
}

/** For changes of e-mail and two-step login: 400 PASSWORD_CONFIRMATION_REQUIRED without a fresh confirmation. */
export async function requireRecentPasswordConfirmation(
  ctx: AppContext,
  session: ActiveSession,
): Promise<void> {
  const confirmedAt = await findPasswordConfirmedAt(ctx.db, session.sessionId);
  const age = confirmedAt ? ctx.now().getTime() - confirmedAt.getTime() : Infinity;
  if (!(age >= 0 && age <= CONFIRMATION_VALID_MS)) throw badRequest(PASSWORD_CONFIRMATION_REQUIRED);
}
