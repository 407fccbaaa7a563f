import type { SQL } from 'drizzle-orm';
import { LOGIN_MARKERS, type LoginRequest } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { badRequest, HttpError } from '../../platform/http-errors';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { writeTogether } from '../../db/write-together';
import {
  LIMITS,
  pruneAttempts,
  releaseAttempt,
  rememberAddressWrites,
  reserveAttempt,
} from '../../platform/rate-limit';
import { newSession, revokeSession } from '../../platform/sessions';
import { signSessionToken } from '../../platform/session-tokens';
import { matchTotpStep } from '../../platform/totp';
import type { AttemptSource } from '../../platform/password-attempts';
import { beginLoginAttempt, issueDeviceToken } from './device-token';
import { canSignIn, needsSecondStep } from './policy';
import { claimTotpStep, findUserByUsername, hasConnectedPayingSchool, storeSignIn } from './repository';

export type { AttemptSource } from '../../platform/password-attempts';

export const GENERIC_LOGIN_FAILURE = 'Unable to log in with provided credentials.';

// Verifying against a fixed hash when the username is unknown keeps the answer time the same either way.
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => (dummyHash ??= hashPassword('leerzicht-timing-equaliser'));

/** An id no account has (serial ids start at 1). */
const NO_ACCOUNT_ID = 0;

/** Makes the fixed hash at start, so that the first unknown username is not answered slower than the others. */
export function prepareUnknownUserTiming(): void {
  getDummyHash().catch(() => undefined);
}

/** Code attempts count per account and per address, separately from password attempts. */
export function codeAttemptChecks(userId: number, source: AttemptSource) {
  return [
    { limit: LIMITS.codePerAccount, subject: `user:${userId}` },
    { limit: LIMITS.codePerAddress, subject: source.ip },
  ];
}

export const TOTP_SECRET_UNREADABLE =
  'Two-step login is not available: the server cannot read the two-step secret of this account. Please contact support.';

/**
 * The plain two-step secret. A secret that does not open (the server started with another key) is the server's
 * fault, not the user's: a clear 500, raised before any code attempt is counted.
 */
function openSecret(ctx: AppContext, sealed: string): string {
  try {
    return ctx.secretBox.decrypt(sealed);
  } catch {
    throw new HttpError(500, TOTP_SECRET_UNREADABLE);
  }
}

/** Whether the code is right for the secret, in a time step not used before (which it then claims). */
async function codeMatches(ctx: AppContext, user: { id: number; secret: string }, code: string) {
  const step = matchTotpStep(user.secret, code, ctx.now());
  return step !== null && (await claimTotpStep(ctx.db, user.id, step));
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
  const secret = openSecret(ctx, user.totpSecretEnc);
  const reservation = await reserveAttempt(ctx.db, codeAttemptChecks(user.id, source), ctx.now());
  if (!(await codeMatches(ctx, { id: user.id, secret }, code))) return false;
  await releaseAttempt(ctx.db, reservation);
  return true;
}

/** A finished sign-in: the session token, and the device tokens the browser keeps (device-token.ts). */
export interface SignedIn {
  token: string;
  deviceTokens: string[];
}

/** `deviceTokens`: those the browser's cookie brought (device-token.ts). */
export async function login(
  ctx: AppContext,
  input: LoginRequest,
  source: AttemptSource,
  deviceTokens: readonly string[],
): Promise<SignedIn> {
  const code = input.totpChallenge;
  // The account is looked up while the attempt is counted, and its school while the password is checked: only
  // their waiting overlaps; a refused attempt (429) still answers before anything about the account is used.
  const pendingUser = findUserByUsername(ctx.db, input.username);
  pendingUser.catch(() => undefined);
  const attempt = await beginLoginAttempt(ctx, input.username, source, {
    codeOffered: code !== undefined,
    deviceTokens,
  });
  const user = await pendingUser;
  // Asked for an unknown username too (of an id no account has), so that its answer takes as long.
  const pendingPaying = hasConnectedPayingSchool(ctx.db, user?.id ?? NO_ACCOUNT_ID);
  pendingPaying.catch(() => undefined);
  const passwordOk = user
    ? await verifyPassword(user.passwordHash, input.password)
    : (await verifyPassword(await getDummyHash(), input.password)) && false;
  if (!user || !passwordOk || !canSignIn(user)) throw badRequest(GENERIC_LOGIN_FAILURE);

  if (attempt.codeRequired) {
    // Past the account's wait only with password and code together; anything else reads as a wrong password.
    const sealed = user.totpActive ? user.totpSecretEnc : null;
    const secret = sealed ? openSecret(ctx, sealed) : null;
    if (!code || !secret || !(await codeMatches(ctx, { id: user.id, secret }, code))) {
      throw badRequest(GENERIC_LOGIN_FAILURE);
    }
  }
  // The password was right, so the attempt is given back whatever follows: on the common path (no code to check)
  // together with the sign-in's writes. The paying school was read while the password was checked.
  const paying = await pendingPaying;
  const secondStep = !attempt.codeRequired && needsSecondStep(user);
  const releasedAlone = !paying || secondStep;
  if (releasedAlone) await writeTogether(ctx.db, attempt.giveBack);
  if (!paying) throw badRequest(LOGIN_MARKERS.noPayingSchool);

  if (secondStep) {
    if (!code) throw badRequest(LOGIN_MARKERS.totpRequired);
    const codeOk = await checkTotpCode(ctx, { id: user.id, totpSecretEnc: user.totpSecretEnc }, code, source);
    if (!codeOk) throw badRequest(LOGIN_MARKERS.totpInvalid);
  }

  return finishSignIn(ctx, user, {
    rememberMe: input.rememberMe ?? false,
    source,
    deviceTokens,
    also: releasedAlone ? [] : attempt.giveBackOnSignIn,
  });
}

/**
 * The end of every successful sign-in (password or e-mailed link): a new session, stored in one statement with the
 * last login, the address made known for the account, a new device token in place of those of the account the
 * browser brought (`deviceTokens`), and `also`; answers the signed session token and the browser's device tokens.
 */
export async function finishSignIn(
  ctx: AppContext,
  user: { id: number; username: string },
  options: {
    rememberMe: boolean;
    source: AttemptSource;
    deviceTokens: readonly string[];
    also: readonly SQL[];
  },
): Promise<SignedIn> {
  const now = ctx.now();
  const session = newSession(ctx.db, { userId: user.id, rememberMe: options.rememberMe }, now);
  const device = await issueDeviceToken(ctx, user.id, options.deviceTokens, now);
  await storeSignIn(ctx.db, {
    session: session.insert.getSQL(),
    userId: user.id,
    now,
    also: [
      ...rememberAddressWrites(user.username, options.source.ip, now),
      ...device.writes,
      ...options.also,
    ],
  });
  await pruneAttempts(ctx.db, now);
  const token = await signSessionToken(
    ctx.jwtSecret,
    { sessionId: session.sessionId, userId: user.id },
    session.expiresAt,
    now,
  );
  return { token, deviceTokens: device.tokens };
}

/** Logout: the session is revoked from now on. */
export async function logout(ctx: AppContext, sessionId: string): Promise<void> {
  await revokeSession(ctx.db, sessionId, ctx.now());
}
