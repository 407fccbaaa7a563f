/**
 * Brute-force limits of sign-in and account calls (OWASP authentication cheat sheet). Counters live in
 * login_attempts (key, window_start, count) so they hold across server processes; keys hold a hash, never the
 * username, e-mail or IP address itself. The address is `request.ip`: X-Forwarded-For counts only with TRUST_PROXY.
 *
 * Password attempts (login, and re-entering the password in a session) face three checks:
 * - Per account (the username, known or not, so nothing reveals which exist): exponential backoff over the
 *   failures of the current and previous `memoryMs` window. Fewer than `free` failures cost nothing; the
 *   `free`-th makes the next attempt wait `baseMs`, and each further one doubles that, up to `maxWaitMs`.
 *   The account is slowed down, never locked: once the wait has passed, the right password gets in.
 *   An address from which the account signed in successfully before (a "known address", remembered for
 *   KNOWN_ADDRESS_MS) skips this check, so the right password from the office or from home keeps working
 *   while an attacker elsewhere hammers the account. From an unknown address during the wait, an account
 *   with two-step login may sign in at once with password and code together (see platform/password-attempts.ts).
 * - Per address+account pair: the same backoff, known address or not. One attacker behind a school's NAT address
 *   slows down only the accounts they attack from it, not the other teachers there.
 * - Per address, all accounts together, against password spraying (one password tried on many usernames): the same
 *   kind of backoff with a higher free count (SPRAY_BACKOFF), counted for every username, known or not, so the
 *   answer and its timing do not tell which exist. Known addresses skip it, so a sprayer behind the school's
 *   address does not lock out those who signed in there.
 *
 * Every attempt is counted (and a backoff wait started as if it will fail) before the password is checked, in
 * one statement (the database function reserve_attempts, migration 0011): concurrent attempts cannot slip past, and a caller who is refused (429 with Retry-After,
 * answered before the password is looked at) learns nothing about whether it was right. A refused attempt
 * counts nowhere, so what one limit refuses does not eat another's allowance (e.g. one e-mail address asked
 * for over and over does not use up the client address's reset allowance). A successful attempt is given back.
 *
 * Two-step codes, resets, sign-in links, invitation passwords and client error reports use fixed windows: at most
 * `max` attempts per `windowMs`; once the window has passed, the right code works again.
 *
 * From an unknown address during the account's wait, the owner gets in with the two-step code, or with a sign-in
 * link mailed to the account's address (modules/auth/sign-in-link.ts), which makes the address known.
 *
 * A login from a browser that signed in to the account before skips all three password checks: every successful
 * sign-in gives the browser a device token for the account (an HttpOnly cookie, modules/auth/device-token.ts), and an
 * attempt that brings a valid one counts against that token alone, at most 10 wrong passwords before it no longer
 * helps. So the right password from the owner's own computer gets in even while someone behind the same address
 * hammers the account (which the pair's backoff alone would refuse), and a stolen cookie buys 10 guesses. Re-entering
 * the password in a session does not see the cookie (it is sent to the login path only) and faces the checks above.
 */
import { createHash } from 'node:crypto';
import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { selectRows } from '../db/select-rows';
import { writeTogether } from '../db/write-together';
import { loginAttempts } from '../db/schema/index';
import { tooManyRequests } from './http-errors';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** A fixed-window limit: at most `max` attempts per `windowMs`. */
export interface AttemptLimit {
  /** Prefix of the counter key, e.g. `login:account`. */
  name: string;
  max: number;
  windowMs: number;
}

/** Exponential backoff over the failures of the current and the previous `memoryMs` window. */
export interface BackoffLimit {
  name: string;
  free: number;
  baseMs: number;
  maxWaitMs: number;
  memoryMs: number;
}

const PASSWORD_BACKOFF = { free: 10, baseMs: 30 * SECOND, maxWaitMs: 15 * MINUTE, memoryMs: 6 * HOUR };
/**
 * Per address over all usernames: twice the free failures of one account, as a school's shared address sees the
 * typing errors of several teachers who have not signed in there before (those who have skip it). After that a
 * sprayer gets about four guesses an hour instead of the 300 the fixed window before allowed.
 */
const SPRAY_BACKOFF = { ...PASSWORD_BACKOFF, free: 20 };

export const LIMITS = {
  passwordPerAccount: { name: 'password:account', ...PASSWORD_BACKOFF },
  passwordPerPair: { name: 'password:pair', ...PASSWORD_BACKOFF },
  // Not `password:address`: that was a fixed window's key, whose counters must not count as backoff failures.
  passwordPerAddress: { name: 'password:spray', ...SPRAY_BACKOFF },
  codePerAccount: { name: 'code:account', max: 5, windowMs: 15 * MINUTE },
  codePerAddress: { name: 'code:address', max: 50, windowMs: 15 * MINUTE },
  /** Codes sent with the password to get past a running per-account wait (platform/password-attempts.ts). */
  codeDuringWait: { name: 'code:wait', max: 5, windowMs: 15 * MINUTE },
  resetPerEmail: { name: 'reset:email', max: 5, windowMs: HOUR },
  resetPerAddress: { name: 'reset:address', max: 20, windowMs: HOUR },
  linkPerAccount: { name: 'link:account', max: 5, windowMs: HOUR },
  linkPerAddress: { name: 'link:address', max: 20, windowMs: HOUR },
  /** Opening sign-in links: the key is not guessable, this only bounds the work one address can cause. */
  linkUsePerAddress: { name: 'link-use:address', max: 50, windowMs: 15 * MINUTE },
} as const satisfies Record<string, AttemptLimit | BackoffLimit>;

/** How long a successful sign-in makes its address known for the account. */
export const KNOWN_ADDRESS_MS = 90 * 24 * HOUR;

/** Counters whose window started longer ago than this are deleted now and then (more than 2 memory windows). */
const RETENTION_MS = 24 * HOUR;

export interface AttemptCheck {
  limit: AttemptLimit | BackoffLimit;
  subject: string;
}

/** One counted attempt; release it when the attempt turned out fine (a correct password or code). */
export interface Reservation {
  slots: { key: string; windowStart: Date }[];
  /** Backoff waits started for this attempt in case it failed. */
  waits: { key: string; until: Date }[];
}

function digest(subject: string): string {
  return createHash('sha256').update(subject.trim().toLowerCase()).digest('base64url').slice(0, 32);
}

const counterKey = (name: string, subject: string) => `${name}:${digest(subject)}`;

const knownKey = (account: string, address: string) => counterKey('known:address', `${account}\n${address}`);

const windowStartOf = (windowMs: number, now: Date) =>
  new Date(Math.floor(now.getTime() / windowMs) * windowMs);

/** A check as count_attempt (migration 0011) reads it, and the counter it counts on. */
function checkJson({ limit, subject }: AttemptCheck, now: Date) {
  const key = counterKey(limit.name, subject);
  if ('max' in limit) {
    const windowStart = windowStartOf(limit.windowMs, now);
    const json = { key, window_start: windowStart.toISOString(), max: limit.max, window_ms: limit.windowMs };
    return { slot: { key, windowStart }, json };
  }
  const windowStart = windowStartOf(limit.memoryMs, now);
  const json = {
    key,
    window_start: windowStart.toISOString(),
    previous_start: new Date(windowStart.getTime() - limit.memoryMs).toISOString(),
    wait_key: counterKey(`${limit.name}-wait`, subject),
    free: limit.free,
    base_ms: limit.baseMs,
    max_wait_ms: limit.maxWaitMs,
  };
  return { slot: { key, windowStart }, json };
}

const reservedSchema = z.object({
  retry_after_ms: z.number(),
  known: z.boolean(),
  // node-postgres answers a Date, PGlite a Date or a string: either way a Date.
  waits: z.array(z.object({ key: z.string(), until: z.coerce.date() })),
});

/** Checks that count only from an address the account has not signed in from (see `tryReserveAttempt`). */
export interface UnlessKnown {
  account: string;
  address: string;
  checks: AttemptCheck[];
}

export type AttemptOutcome =
  { refused: false; reservation: Reservation } | { refused: true; known: boolean; retryAfterMs: number };

/** The answer to a refused attempt: 429 with the wait as Retry-After. */
export const attemptRefused = (retryAfterMs: number) => tooManyRequests(retryAfterMs / SECOND);

/**
 * Counts one attempt against each limit, all or nothing, in one statement (reserve_attempts, migration 0011): when
 * any limit refuses, nothing is counted and the outcome has the longest wait. With `unlessKnown`, its checks count
 * too unless the account signed in successfully from the address before (read once `checks` are counted).
 */
export async function tryReserveAttempt(
  db: Db,
  checks: AttemptCheck[],
  now: Date,
  unlessKnown?: UnlessKnown,
): Promise<AttemptOutcome> {
  const counted = checks.map((check) => checkJson(check, now));
  const ifUnknown = (unlessKnown?.checks ?? []).map((check) => checkJson(check, now));
  const knownKeyOf = unlessKnown ? knownKey(unlessKnown.account, unlessKnown.address) : null;
  const [state] = await selectRows(
    db,
    reservedSchema,
    sql`select r.retry_after_ms, r.known, r.waits
      from reserve_attempts(${now.toISOString()}::timestamptz, ${JSON.stringify(counted.map((c) => c.json))}::jsonb,
        ${knownKeyOf}::text, ${JSON.stringify(ifUnknown.map((c) => c.json))}::jsonb) r`,
  );
  if (!state) throw new Error('reserve_attempts answered no row');
  if (state.retry_after_ms > 0)
    return { refused: true, known: state.known, retryAfterMs: state.retry_after_ms };
  const slots = [...counted, ...(state.known ? [] : ifUnknown)].map((check) => check.slot);
  return { refused: false, reservation: { slots, waits: state.waits } };
}

/** tryReserveAttempt without the known-address question; a refused attempt throws 429 with Retry-After. */
export async function reserveAttempt(db: Db, checks: AttemptCheck[], now: Date): Promise<Reservation> {
  const outcome = await tryReserveAttempt(db, checks, now);
  if (outcome.refused) throw attemptRefused(outcome.retryAfterMs);
  return outcome.reservation;
}

/** The writes that give the attempt back (see releaseAttempt), to run together with others. */
export function releaseWrites(db: Db, reservation: Reservation): SQL[] {
  return [
    ...reservation.slots.map((slot) =>
      db
        .update(loginAttempts)
        .set({ count: sql`greatest(${loginAttempts.count} - 1, 0)` })
        .where(and(eq(loginAttempts.key, slot.key), eq(loginAttempts.windowStart, slot.windowStart)))
        .getSQL(),
    ),
    ...reservation.waits.map((wait) =>
      db
        .delete(loginAttempts)
        .where(and(eq(loginAttempts.key, wait.key), eq(loginAttempts.windowStart, wait.until)))
        .getSQL(),
    ),
  ];
}

/** Gives the attempt back: a successful sign-in does not eat into the limits, nor make anyone wait. */
export async function releaseAttempt(db: Db, reservation: Reservation): Promise<void> {
  // One row each, so the writes are independent: one statement.
  await writeTogether(db, releaseWrites(db, reservation));
}

/**
 * The writes that remember a successful sign-in from the address, to run together with others; the row's
 * window_start is the moment it is forgotten. The new row goes in and the account's older rows for the address go
 * (the delete, in the same statement, does not see the row the insert adds).
 */
export function rememberAddressWrites(account: string, address: string, now: Date): SQL[] {
  const key = knownKey(account, address);
  const until = new Date(now.getTime() + KNOWN_ADDRESS_MS).toISOString();
  return [
    sql`insert into login_attempts (key, window_start, count) values (${key}, ${until}::timestamptz, 1)
      on conflict do nothing`,
    sql`delete from login_attempts where key = ${key} and window_start < ${until}::timestamptz`,
  ];
}

/** How often one process prunes the counters of one database: a sign-in does not need to pay for it each time. */
const PRUNE_INTERVAL_MS = 5 * MINUTE;
const lastPruned = new WeakMap<Db, number>();

/** Deletes counters of windows long past (after successful sign-ins, at most every PRUNE_INTERVAL_MS). */
export async function pruneAttempts(db: Db, now: Date): Promise<void> {
  const last = lastPruned.get(db);
  if (last !== undefined && Math.abs(now.getTime() - last) < PRUNE_INTERVAL_MS) return;
  lastPruned.set(db, now.getTime());
  await db.delete(loginAttempts).where(lt(loginAttempts.windowStart, new Date(now.getTime() - RETENTION_MS)));
}
