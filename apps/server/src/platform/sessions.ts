import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema/index';

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
  isDemo: boolean;
  rememberMe: boolean;
  currentSchoolYear: number | null;
}

export async function createSession(
  db: Db,
  input: { userId: number; rememberMe: boolean; impersonatorId?: number | null },
  now: Date,
): Promise<{ sessionId: string; expiresAt: Date }> {
  const sessionId = randomBytes(24).toString('base64url');
  const expiresAt = new Date(
    now.getTime() + (input.rememberMe ? REMEMBERED_SESSION_LIMIT_MS : SESSION_ABSOLUTE_LIMIT_MS),
  );
  await db.insert(sessions).values({
    id: sessionId,
    userId: input.userId,
    impersonatorId: input.impersonatorId ?? null,
    rememberMe: input.rememberMe,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  });
  return { sessionId, expiresAt };
}

/** The session behind a verified token, or null when it was revoked, expired or idle too long. */
export async function resolveSession(
  db: Db,
  sessionId: string,
  userId: number,
  now: Date,
): Promise<ActiveSession | null> {
  const [row] = await db
    .select({ session: sessions, isDemo: users.isDemo, isActive: users.isActive })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .limit(1);
  if (!row || !row.isActive) return null;
  const { session } = row;
  if (session.expiresAt.getTime() <= now.getTime()) return null;
  if (!session.rememberMe && now.getTime() - session.lastSeenAt.getTime() > SESSION_IDLE_LIMIT_MS)
    return null;
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
  }
  return {
    sessionId,
    userId,
    impersonatorId: session.impersonatorId,
    isDemo: row.isDemo,
    rememberMe: session.rememberMe,
    currentSchoolYear: session.currentSchoolYear,
  };
}

export async function revokeSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
}
