import type { AppContext } from '../context';
import { HttpError } from './http-errors';
import { LIMITS, isKnownAddress, reserveAttempt, type AttemptCheck, type Reservation } from './rate-limit';

/** Who is asking: the client address (`request.ip`, which honours TRUST_PROXY). */
export interface AttemptSource {
  ip: string;
}

export interface PasswordAttempt {
  reservation: Reservation;
  /**
   * The account's wait was running and this address is unknown, but a two-step code came along: the attempt
   * may go ahead only as password and code together (see `beginPasswordAttempt`).
   */
  codeRequired: boolean;
}

const pairSubject = (username: string, source: AttemptSource) => `${username}\n${source.ip}`;

/** The limits of platform/rate-limit.ts for one password attempt on `username` from `source`. */
function passwordAttemptChecks(username: string, source: AttemptSource, known: boolean): AttemptCheck[] {
  const pair = { limit: LIMITS.passwordPerPair, subject: pairSubject(username, source) };
  if (known) return [pair];
  return [
    { limit: LIMITS.passwordPerAccount, subject: username },
    pair,
    { limit: LIMITS.passwordPerAddress, subject: source.ip },
  ];
}

/**
 * Counts a password attempt before the password is checked (429 when a limit refuses it). From an unknown
 * address while the account's own wait runs, an attempt that brings its two-step code skips that wait
 * instead: the caller must then accept it only when password and code are both right, and answer every
 * other outcome exactly like a wrong password, so the bypass tells an attacker nothing. Such attempts have a
 * code limit of their own, so they cannot use up the one the rightful user needs from a known address.
 */
export async function beginPasswordAttempt(
  ctx: AppContext,
  username: string,
  source: AttemptSource,
  options: { codeOffered: boolean },
): Promise<PasswordAttempt> {
  const now = ctx.now();
  const known = await isKnownAddress(ctx.db, username, source.ip, now);
  try {
    const reservation = await reserveAttempt(ctx.db, passwordAttemptChecks(username, source, known), now);
    return { reservation, codeRequired: false };
  } catch (error) {
    const refused = error instanceof HttpError && error.statusCode === 429;
    if (known || !options.codeOffered || !refused) throw error;
  }
  const checks = [
    { limit: LIMITS.passwordPerPair, subject: pairSubject(username, source) },
    { limit: LIMITS.passwordPerAddress, subject: source.ip },
    { limit: LIMITS.codeDuringWait, subject: username },
  ];
  return { reservation: await reserveAttempt(ctx.db, checks, now), codeRequired: true };
}
