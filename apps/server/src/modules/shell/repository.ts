import { and, eq } from 'drizzle-orm';
import type { HiddenNotification } from '@leerzicht/contract';
import type { Db } from '../../db/client';
import { clientErrorReports, hiddenNotifications, sessions } from '../../db/schema/index';

export function listHiddenNotifications(db: Db, userId: number): Promise<HiddenNotification[]> {
  return db
    .select({
      kind: hiddenNotifications.kind,
      schoolId: hiddenNotifications.schoolId,
      schoolYear: hiddenNotifications.schoolYear,
    })
    .from(hiddenNotifications)
    .where(eq(hiddenNotifications.userId, userId))
    .orderBy(hiddenNotifications.id);
}

/** Idempotent: hiding a notice twice keeps one row. */
export async function insertHiddenNotification(
  db: Db,
  userId: number,
  notification: HiddenNotification,
): Promise<void> {
  await db
    .insert(hiddenNotifications)
    .values({ userId, ...notification })
    .onConflictDoNothing({
      target: [
        hiddenNotifications.userId,
        hiddenNotifications.schoolId,
        hiddenNotifications.kind,
        hiddenNotifications.schoolYear,
      ],
    });
}

export async function setSessionSchoolYear(db: Db, sessionId: string, userId: number, schoolYear: number) {
  await db
    .update(sessions)
    .set({ currentSchoolYear: schoolYear })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
}

/** Keeps a client error report; a report sent twice (same id) is stored once. */
export async function insertClientErrorReport(
  db: Db,
  report: { id: string; message: string; stack: string | null; url: string },
): Promise<void> {
  await db
    .insert(clientErrorReports)
    .values({ ...report, userId: null })
    .onConflictDoNothing({ target: clientErrorReports.id });
}
