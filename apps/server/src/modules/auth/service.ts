import { LOGIN_MARKERS, type LoginRequest } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { badRequest } from '../../platform/http-errors';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { LIMITS, pruneAttempts, releaseAttempt, reserveAttempt } from '../../platform/rate-limit';
import { createSession } from '../../platform/sessions';
import { signSessionToken } from '../../platform/session-tokens';
import { matchTotpStep } from '../../platform/totp';
import { claimTotpStep, findUserByUsername, hasConnectedPayingSchool, recordLogin } from './repository';

export const GENERIC_LOGIN_FAILURE = 'Unable to log in with provided credentials.';

// Verifying against a fixed hash when the username is unknown keeps the answer time the same either way.
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => (dummyHash ??= hashPassword('leerzicht-timing-equaliser'));

/** Who is asking: the account named in the request and the client address. */
export interface AttemptSource {
  ip: string;
}

/** Password attempts count per username (known or not, so the limit reveals nothing) and per address. */
export function passwordAttemptChecks(username: string, source: AttemptSource) {
  return [
    { limit: LIMITS.passwordPerAccount, subject: username },
    { limit: LIMITS.passwordPerAddress, subject: source.ip },
  ];
}

/** Code attempts count per account and per address, separately from password attempts. */
export function codeAttemptChecks(userId: number, source: AttemptSource) {
  return [
    { limit: LIMITS.codePerAccount, subject: `user:${userId}` },
    { limit: LIMITS.codePerAddress, subject: source.ip },
  ];
}

/**
 * A valid TOTP code for the user's secret in a time step not used before; false otherwise. Counts the
 * attempt against the code limits (429 once exceeded) and gives it back when the code was right.
 */
export async function checkTotpCode(
  ctx: AppContext,
  user: { id: number; totpSecretEnc: string },
  code: string,
  source: AttemptSource,
): Promise<boolean> {
  const now = ctx.now();
  const reservation = await reserveAttempt(ctx.db, codeAttemptChecks(user.id, source), now);
  const step = matchTotpStep(ctx.secretBox.decrypt(user.totpSecretEnc), code, now);
  if (step === null || !(await claimTotpStep(ctx.db, user.id, step))) return false;
  await releaseAttempt(ctx.db, reservation);
  return true;
}

export async function login(
  ctx: AppContext,
  input: LoginRequest,
  source: AttemptSource,
): Promise<{ token: string }> {
  const reservation = await reserveAttempt(ctx.db, passwordAttemptChecks(input.username, source), ctx.now());
  const user = await findUserByUsername(ctx.db, input.username);
  const passwordOk = user
    ? await verifyPassword(user.passwordHash, input.password)
    : (await verifyPassword(await getDummyHash(), input.password)) && false;
  if (!user || !passwordOk || !user.isActive) throw badRequest(GENERIC_LOGIN_FAILURE);
  await releaseAttempt(ctx.db, reservation);

  if (!(await hasConnectedPayingSchool(ctx.db, user.id))) throw badRequest(LOGIN_MARKERS.noPayingSchool);

  if (user.totpActive && user.totpSecretEnc) {
    if (!input.totpChallenge) throw badRequest(LOGIN_MARKERS.totpRequired);
    const codeOk = await checkTotpCode(
      ctx,
      { id: user.id, totpSecretEnc: user.totpSecretEnc },
      input.totpChallenge,
      source,
    );
    if (!codeOk) throw badRequest(LOGIN_MARKERS.totpInvalid);
  }

  const now = ctx.now();
  const rememberMe = input.rememberMe ?? false;
  const session = await createSession(ctx.db, { userId: user.id, rememberMe }, now);
  await recordLogin(ctx.db, user.id, now);
  await pruneAttempts(ctx.db, now);
  const token = await signSessionToken(
    ctx.jwtSecret,
    { sessionId: session.sessionId, userId: user.id },
    session.expiresAt,
    now,
  );
  return { token };
}
