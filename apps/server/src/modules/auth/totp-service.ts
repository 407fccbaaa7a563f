import { OTP_ERRORS, type TotpActivateResponse, type TotpResult, type TotpStatus } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { writeAudit } from '../../platform/audit';
import { badRequest, unauthorized } from '../../platform/http-errors';
import type { ActiveSession } from '../../platform/sessions';
import { newTotpSecret, totpUri } from '../../platform/totp';
import { findUser, requireRecentPasswordConfirmation } from '../account/index';
import { setPendingTotpSecret, setTotpActive } from './repository';
import { checkTotpCode, type AttemptSource } from './service';

async function loadUser(ctx: AppContext, session: ActiveSession) {
  const user = await findUser(ctx.db, session.userId);
  if (!user) throw unauthorized();
  return user;
}

export async function totpStatus(ctx: AppContext, session: ActiveSession): Promise<TotpStatus> {
  const user = await loadUser(ctx, session);
  return { active: user.totpActive && user.totpSecretEnc !== null };
}

/** A fresh 160-bit secret, sealed at rest, waiting for its first code; answers the uri for the QR code. */
export async function activateTotp(ctx: AppContext, session: ActiveSession): Promise<TotpActivateResponse> {
  const user = await loadUser(ctx, session);
  if (user.totpActive) throw badRequest(OTP_ERRORS.alreadyActive);
  await requireRecentPasswordConfirmation(ctx, session);
  const secret = newTotpSecret();
  await setPendingTotpSecret(ctx.db, user.id, ctx.secretBox.encrypt(secret));
  return { uri: totpUri(secret, user.username) };
}

/** Turns two-step login on with the first valid code for the waiting secret. */
export async function verifyTotp(
  ctx: AppContext,
  session: ActiveSession,
  code: string,
  source: AttemptSource,
): Promise<TotpResult> {
  const user = await loadUser(ctx, session);
  if (user.totpActive) throw badRequest(OTP_ERRORS.alreadyActive);
  if (!user.totpSecretEnc) throw badRequest(OTP_ERRORS.notStarted);
  if (!(await checkTotpCode(ctx, { id: user.id, totpSecretEnc: user.totpSecretEnc }, code, source))) {
    throw badRequest(OTP_ERRORS.invalidCode);
  }
  // The switch and its audit row, all or nothing.
  await ctx.db.transaction(async (tx) => {
    await setTotpActive(tx, user.id, true);
    await writeAudit(tx, {
      actorUserId: user.id,
      action: 'totp.activate',
      entity: 'user',
      entityId: user.id,
      at: ctx.now(),
    });
  });
  return { result: true };
}

/** Turns two-step login off with a valid code (and a fresh password confirmation); the secret is dropped. */
export async function deactivateTotp(
  ctx: AppContext,
  session: ActiveSession,
  code: string,
  source: AttemptSource,
): Promise<TotpResult> {
  const user = await loadUser(ctx, session);
  if (!user.totpActive || !user.totpSecretEnc) throw badRequest(OTP_ERRORS.notActive);
  await requireRecentPasswordConfirmation(ctx, session);
  if (!(await checkTotpCode(ctx, { id: user.id, totpSecretEnc: user.totpSecretEnc }, code, source))) {
    throw badRequest(OTP_ERRORS.invalidCode);
  }
  // The switch and its audit row, all or nothing.
  await ctx.db.transaction(async (tx) => {
    await setTotpActive(tx, user.id, false);
    await writeAudit(tx, {
      actorUserId: user.id,
      action: 'totp.deactivate',
      entity: 'user',
      entityId: user.id,
      at: ctx.now(),
    });
  });
  return { result: true };
}
