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
 * - Per address+account pair: the same backoff, for everyone, known address or not. One attacker behind a
 *   school's NAT address slows down only the accounts they attack from it, not the other teachers there.
 * - Per address, all accounts together: a much higher fixed-window ceiling against password spraying. Known
 *   addresses skip it, so a sprayer behind the school's address does not lock out those who signed in there.
 *
 * Every attempt is counted (and a backoff wait started as if it will fail) before the password is checked, in
 * one transaction: concurrent attempts cannot slip past, and a caller who is refused (429 with Retry-After,
 * answered before the password is looked at) learns nothing about whether it was right. A refused attempt
 * counts nowhere, so what one limit refuses does not eat another's allowance (e.g. one e-mail address asked
 * for over and over does not use up the client address's reset allowance). A successful attempt is given back.
 *
 * Two-step codes, resets, invitation passwords and client error reports use fixed windows: at most `max`
 * attempts per `windowMs`; once the window has passed, the right code works again.
 */
import { createHash } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { selectRows } from '../db/select-rows';
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

export const LIMITS = {
  passwordPerAccount: { name: 'password:account', ...PASSWORD_BACKOFF },
  passwordPerPair: { name: 'password:pair', ...PASSWORD_BACKOFF },
  passwordPerAddress: { name: 'password:address', max: 300, windowMs: HOUR },
  codePerAccount: { name: 'code:account', max: 5, windowMs: 15 * MINUTE },
  codePerAddress: { name: 'code:address', max: 50, windowMs: 15 * MINUTE },
  /** Codes sent with the password to get past a running per-account wait (platform/password-attempts.ts). */
  codeDuringWait: { name: 'code:wait', max: 5, windowMs: 15 * MINUTE },
  resetPerEmail: { name: 'reset:email', max: 5, windowMs: HOUR },
  resetPerAddress: { name: 'reset:address', max: 20, windowMs: HOUR },
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

const windowStartOf = (windowMs: number, now: Date) =>
  new Date(Math.floor(now.getTime() / windowMs) * windowMs);

/** Adds one to a counter and answers its new value; the row stays locked until the transaction ends. */
async function bump(db: Db, key: string, windowStart: Date): Promise<number> {
  const [row] = await db
    .insert(loginAttempts)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [loginAttempts.key, loginAttempts.windowStart],
      set: { count: sql`${loginAttempts.count} + 1` },
    })
    .returning({ count: loginAttempts.count });
  return row?.count ?? 1;
}

/** The wait left (0 when none) for a fixed-window attempt, counted into `reservation`. */
async function reserveWindow(
  db: Db,
  limit: AttemptLimit,
  subject: string,
  now: Date,
  reservation: Reservation,
) {
  const key = counterKey(limit.name, subject);
  const windowStart = windowStartOf(limit.windowMs, now);
  const count = await bump(db, key, windowStart);
  reservation.slots.push({ key, windowStart });
  return count > limit.max ? windowStart.getTime() + limit.windowMs - now.getTime() : 0;
}

const backoffStateSchema = z.object({
  current: z.number().int(),
  previous: z.number().int().nullable(),
  // node-postgres answers a Date, PGlite a Date or a string: either way a Date.
  until: z.coerce.date().nullable(),
});

/** The wait left (0 when none) for a backoff attempt; otherwise counts it and starts the wait after it. */
async function reserveBackoff(
  db: Db,
  limit: BackoffLimit,
  subject: string,
  now: Date,
  reservation: Reservation,
) {
  const key = counterKey(limit.name, subject);
  const waitKey = counterKey(`${limit.name}-wait`, subject);
  const windowStart = windowStartOf(limit.memoryMs, now);
  const previousStart = new Date(windowStart.getTime() - limit.memoryMs);
  // Counting first locks the counter row: concurrent attempts on the subject take turns from there on, and the
  // function reads the previous window's failures and the running wait after the lock (migration 0010).
  const [state] = await selectRows(
    db,
    backoffStateSchema,
    sql`select b.current_count as current, b.previous_count as previous, b.wait_until as until
      from login_backoff_bump(${key}, ${windowStart.toISOString()}::timestamptz,
        ${previousStart.toISOString()}::timestamptz, ${waitKey}) b`,
  );
  if (!state) throw new Error('the backoff statement answered no row');
  const { current, previous, until: waitUntil } = state;
  if (waitUntil && waitUntil > now) return waitUntil.getTime() - now.getTime();

  reservation.slots.push({ key, windowStart });
  const failuresIfWrong = current + (previous ?? 0);
  if (failuresIfWrong < limit.free) return 0;
  const waitMs = Math.min(limit.maxWaitMs, limit.baseMs * 2 ** (failuresIfWrong - limit.free));
  const until = new Date(now.getTime() + waitMs);
  await db.insert(loginAttempts).values({ key: waitKey, windowStart: until, count: 1 }).onConflictDoNothing();
  reservation.waits.push({ key: waitKey, until });
  return 0;
}

/**
 * Counts one attempt against each limit, all or nothing: when any limit refuses, nothing is counted and
 * 429 is thrown with the longest wait as Retry-After. `later` decides more checks from what it reads in the same
 * transaction once `checks` are counted (on the embedded database, with its one connection, a read outside the
 * transaction would wait for it to end).
 */
export async function reserveAttempt(
  db: Db,
  checks: AttemptCheck[],
  now: Date,
  later?: (tx: Db) => Promise<AttemptCheck[]>,
): Promise<Reservation> {
  return db.transaction(async (tx) => {
    const reservation: Reservation = { slots: [], waits: [] };
    let retryAfterMs = 0;
    const count = async ({ limit, subject }: AttemptCheck) => {
      const waitMs =
        'max' in limit
          ? await reserveWindow(tx, limit, subject, now, reservation)
          : await reserveBackoff(tx, limit, subject, now, reservation);
      retryAfterMs = Math.max(retryAfterMs, waitMs);
    };
    // One after the other: the statements share the transaction's connection.
    for (const check of checks) await count(check);
    for (const check of later ? await later(tx) : []) await count(check);
    // Throwing rolls the transaction back.
    if (retryAfterMs > 0) throw tooManyRequests(retryAfterMs / SECOND);
    return reservation;
  });
}

/** Gives the attempt back: a successful sign-in does not eat into the limits, nor make anyone wait. */
export async function releaseAttempt(db: Db, reservation: Reservation): Promise<void> {
  // One row each, so the statements are independent and go together.
  await Promise.all([
    ...reservation.slots.map((slot) =>
      db
        .update(loginAttempts)
        .set({ count: sql`greatest(${loginAttempts.count} - 1, 0)` })
        .where(and(eq(loginAttempts.key, slot.key), eq(loginAttempts.windowStart, slot.windowStart))),
    ),
    ...reservation.waits.map((wait) =>
      db
        .delete(loginAttempts)
        .where(and(eq(loginAttempts.key, wait.key), eq(loginAttempts.windowStart, wait.until))),
    ),
  ]);
}

const knownKey = (account: string, address: string) => counterKey('known:address', `${account}\n${address}`);

/** Whether the account signed in successfully from this address within KNOWN_ADDRESS_MS. */
export async function isKnownAddress(db: Db, account: string, address: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ key: loginAttempts.key })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.key, knownKey(account, address)), gt(loginAttempts.windowStart, now)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Remembers a successful sign-in from the address; the row's window_start is the moment it is forgotten. One
 * statement: the new row goes in and the account's older rows for the address go (the delete does not see the
 * row the same statement inserts).
 */
export async function rememberAddress(db: Db, account: string, address: string, now: Date): Promise<void> {
  const key = knownKey(account, address);
  const until = new Date(now.getTime() + KNOWN_ADDRESS_MS);
  await db.execute(sql`with fresh as (insert into login_attempts (key, window_start, count)
      values (${key}, ${until.toISOString()}::timestamptz, 1) on conflict do nothing returning key)
    delete from login_attempts where key = ${key} and window_start < ${until.toISOString()}::timestamptz`);
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
