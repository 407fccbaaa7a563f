import type { AppContext } from '../context';
import type { Db } from '../db/client';
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

/** The limit every password attempt on `username` from `source` faces (platform/rate-limit.ts). */
const pairCheck = (username: string, source: AttemptSource): AttemptCheck => ({
  limit: LIMITS.passwordPerPair,
  subject: pairSubject(username, source),
});

/** The limits a password attempt from an address the account has not signed in from faces besides the pair's. */
const unknownAddressChecks = (username: string, source: AttemptSource): AttemptCheck[] => [
  { limit: LIMITS.passwordPerAccount, subject: username },
  { limit: LIMITS.passwordPerAddress, subject: source.ip },
];

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
  // Every attempt faces the pair's limit; whether the address is known, read once that is counted, decides the rest.
  let known = false;
  const others = async (tx: Db) => {
    known = await isKnownAddress(tx, username, source.ip, now);
    return known ? [] : unknownAddressChecks(username, source);
  };
  try {
    const reservation = await reserveAttempt(ctx.db, [pairCheck(username, source)], now, others);
    return { reservation, codeRequired: false };
  } catch (error) {
    const refused = error instanceof HttpError && error.statusCode === 429;
    if (known || !options.codeOffered || !refused) throw error;
  }
  const checks = [
    pairCheck(username, source),
    { limit: LIMITS.passwordPerAddress, subject: source.ip },
    { limit: LIMITS.codeDuringWait, subject: username },
  ];
  return { reservation: await reserveAttempt(ctx.db, checks, now), codeRequired: true };
}
