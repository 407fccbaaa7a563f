import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginAttempts } from '../db/schema/index';
import { tooManyRequests } from './http-errors';

const MINUTE = 60_000;

/** A fixed-window limit: at most `max` attempts per `windowMs`, counted in login_attempts. */
export interface AttemptLimit {
  /** Prefix of the counter key, e.g. `login:account`. */
  name: string;
  max: number;
  windowMs: number;
}

/** The limits of the sign-in and account calls; counters live in the database so they hold across processes. */
export const LIMITS = {
  passwordPerAccount: { name: 'password:account', max: 10, windowMs: 15 * MINUTE },
  passwordPerAddress: { name: 'password:address', max: 50, windowMs: 15 * MINUTE },
  codePerAccount: { name: 'code:account', max: 5, windowMs: 15 * MINUTE },
  codePerAddress: { name: 'code:address', max: 50, windowMs: 15 * MINUTE },
  resetPerEmail: { name: 'reset:email', max: 5, windowMs: 60 * MINUTE },
  resetPerAddress: { name: 'reset:address', max: 20, windowMs: 60 * MINUTE },
} as const satisfies Record<string, AttemptLimit>;

/** Counters older than this are deleted now and then. */
const RETENTION_MS = 24 * 60 * MINUTE;

/** One counted attempt; release it when the attempt turned out fine (a correct password or code). */
export interface Reservation {
  slots: { key: string; windowStart: Date }[];
}

/** Keys hold a hash, never the username, e-mail or IP address itself. */
function counterKey(limit: AttemptLimit, subject: string): string {
  const digest = createHash('sha256').update(subject.trim().toLowerCase()).digest('base64url');
  return `${limit.name}:${digest.slice(0, 32)}`;
}

function windowOf(limit: AttemptLimit, now: Date): { start: Date; end: Date } {
  const start = Math.floor(now.getTime() / limit.windowMs) * limit.windowMs;
  return { start: new Date(start), end: new Date(start + limit.windowMs) };
}

/**
 * Counts one attempt against each limit (atomically, so concurrent attempts cannot slip past) and
 * throws 429 with Retry-After when any limit is exceeded. Counting before the attempt is checked means a
 * caller over the limit learns nothing about whether the password or code was right.
 */
export async function reserveAttempt(
  db: Db,
  checks: { limit: AttemptLimit; subject: string }[],
  now: Date,
): Promise<Reservation> {
  const slots: Reservation['slots'] = [];
  let retryAfterMs = 0;
  for (const { limit, subject } of checks) {
    const key = counterKey(limit, subject);
    const window = windowOf(limit, now);
    const [row] = await db
      .insert(loginAttempts)
      .values({ key, windowStart: window.start, count: 1 })
      .onConflictDoUpdate({
        target: [loginAttempts.key, loginAttempts.windowStart],
        set: { count: sql`${loginAttempts.count} + 1` },
      })
      .returning({ count: loginAttempts.count });
    slots.push({ key, windowStart: window.start });
    if ((row?.count ?? 0) > limit.max) {
      retryAfterMs = Math.max(retryAfterMs, window.end.getTime() - now.getTime());
    }
  }
  if (retryAfterMs > 0) throw tooManyRequests(retryAfterMs / 1000);
  return { slots };
}

/** Gives the attempt back: a successful sign-in does not eat into the limit. */
export async function releaseAttempt(db: Db, reservation: Reservation): Promise<void> {
  for (const slot of reservation.slots) {
    await db
      .update(loginAttempts)
      .set({ count: sql`greatest(${loginAttempts.count} - 1, 0)` })
      .where(and(eq(loginAttempts.key, slot.key), eq(loginAttempts.windowStart, slot.windowStart)));
  }
}

/** Deletes counters of windows long past (called after successful sign-ins, so the table stays small). */
export async function pruneAttempts(db: Db, now: Date): Promise<void> {
  await db.delete(loginAttempts).where(lt(loginAttempts.windowStart, new Date(now.getTime() - RETENTION_MS)));
}
