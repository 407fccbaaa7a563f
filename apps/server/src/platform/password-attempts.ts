import type { AppContext } from '../context';
import {
  LIMITS,
  attemptRefused,
  reserveAttempt,
  tryReserveAttempt,
  type AttemptCheck,
  type Reservation,
} from './rate-limit';

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
  const first = await tryReserveAttempt(ctx.db, [pairCheck(username, source)], now, {
    account: username,
    address: source.ip,
    checks: unknownAddressChecks(username, source),
  });
  if (!first.refused) return { reservation: first.reservation, codeRequired: false };
  if (first.known || !options.codeOffered) throw attemptRefused(first.retryAfterMs);
  const checks = [
    pairCheck(username, source),
    { limit: LIMITS.passwordPerAddress, subject: source.ip },
    { limit: LIMITS.codeDuringWait, subject: username },
  ];
  return { reservation: await reserveAttempt(ctx.db, checks, now), codeRequired: true };
}
