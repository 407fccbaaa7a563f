import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { builtOncePerDb } from '../db/built-once';
import { NAMED_BY_TEXT } from '../db/prepared-statements';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema/index';
import { isActiveProviderStaff } from './provider-staff';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
export const SESSION_IDLE_LIMIT_MS = 30 * MINUTE;
export const SESSION_ABSOLUTE_LIMIT_MS = 12 * HOUR;
export const REMEMBERED_SESSION_LIMIT_MS = 30 * DAY;
/** last_seen_at is written at most this often, so reads don't each cost a write. */
const TOUCH_INTERVAL_MS = MINUTE;

export interface ActiveSession {
  sessionId: string;
  userId: number;
  impersonatorId: number | null;
  /** An impersonated session reads only this school; null for the user's own sessions. */
  impersonatedSchoolId: number | null;
  isDemo: boolean;
  /** A restricted user reads no notes (platform/access/note-reader.ts). */
  isRestricted: boolean;
  rememberMe: boolean;
  currentSchoolYear: number | null;
}

/** Who started an impersonated session, from which of their own sessions, for which school, until when. */
export interface Impersonation {
  impersonatorId: number;
  impersonatorSessionId: string;
  schoolId: number;
  expiresAt: Date;
}

/** A new session's id, expiry and the insert that stores it (run it, or write it together with others). */
export function newSession(
  db: Db,
  input: { userId: number; rememberMe: boolean; impersonation?: Impersonation },
  now: Date,
) {
  const sessionId = randomBytes(24).toString('base64url');
  const { impersonation } = input;
  const expiresAt =
    impersonation?.expiresAt ??
    new Date(now.getTime() + (input.rememberMe ? REMEMBERED_SESSION_LIMIT_MS : SESSION_ABSOLUTE_LIMIT_MS));
  const insert = db.insert(sessions).values({
    id: sessionId,
    userId: input.userId,
    impersonatorId: impersonation?.impersonatorId ?? null,
    impersonatorSessionId: impersonation?.impersonatorSessionId ?? null,
    impersonatedSchoolId: impersonation?.schoolId ?? null,
    rememberMe: input.rememberMe,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  });
  return { sessionId, expiresAt, insert };
}

export async function createSession(
  db: Db,
  input: { userId: number; rememberMe: boolean; impersonation?: Impersonation },
  now: Date,
): Promise<{ sessionId: string; expiresAt: Date }> {
  const { sessionId, expiresAt, insert } = newSession(db, input, now);
  await insert;
  return { sessionId, expiresAt };
}

/** A live session with the flags of its account; every signed-in request runs it. */
const sessionById = builtOncePerDb((db) =>
  db
    .select({
      session: sessions,
      isDemo: users.isDemo,
      isActive: users.isActive,
      isRestricted: users.isRestricted,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
        isNull(sessions.revokedAt),
      ),
    )
    .limit(1)
    .prepare(NAMED_BY_TEXT),
);

/** The session behind a verified token, or null when it was revoked, expired or idle too long. */
export async function resolveSession(
  db: Db,
  sessionId: string,
  userId: number,
  now: Date,
  /** PROVIDER_DOMAIN: an impersonation lives only while its staff member's address is in it. */
  providerDomain: string,
): Promise<ActiveSession | null> {
  const [row] = await sessionById(db).execute({ sessionId, userId });
  if (!row || !row.isActive) return null;
  const { session } = row;
  if (session.expiresAt.getTime() <= now.getTime()) return null;
  if (!session.rememberMe && now.getTime() - session.lastSeenAt.getTime() > SESSION_IDLE_LIMIT_MS)
    return null;
  if (session.impersonatorId !== null && !(await impersonatorStillStaff(db, session, now, providerDomain)))
    return null;
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
  }
  return {
    sessionId,
    userId,
    impersonatorId: session.impersonatorId,
    impersonatedSchoolId: session.impersonatedSchoolId,
    isDemo: row.isDemo,
    isRestricted: row.isRestricted,
    rememberMe: session.rememberMe,
    currentSchoolYear: session.currentSchoolYear,
  };
}

/**
 * An impersonated session lives only as long as the staff member's own session it was started from (logout and
 * password change revoke that one) and only while the staff member is provider staff by the same rule that let
 * the impersonation start (isActiveProviderStaff: active, the role, an address in the provider's domain), read
 * afresh on every request. So a revoked role, an address moved to another domain or a deactivated account ends
 * it at the next request, whichever call made the change.
 */
async function impersonatorStillStaff(
  db: Db,
  session: { impersonatorId: number | null; impersonatorSessionId: string | null },
  now: Date,
  providerDomain: string,
): Promise<boolean> {
  if (session.impersonatorId === null || session.impersonatorSessionId === null) return false;
  const [impersonator] = await db
    .select({ isActive: users.isActive, isProviderStaff: users.isProviderStaff, email: users.email })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, session.impersonatorSessionId),
        eq(sessions.userId, session.impersonatorId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .limit(1);
  return impersonator !== undefined && isActiveProviderStaff(impersonator, providerDomain);
}

/** Ends every impersonated session a staff member started (password change, staff role taken away). */
export async function revokeImpersonationsBy(db: Db, impersonatorId: number, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.impersonatorId, impersonatorId), isNull(sessions.revokedAt)));
}

export async function revokeSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
}
