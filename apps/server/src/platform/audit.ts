import { sql } from 'drizzle-orm';
import { builtOncePerDb } from '../db/built-once';
import { NAMED_BY_TEXT } from '../db/prepared-statements';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema/index';

export interface AuditEntry {
  /** Null for events outside a school (sign-in, account). */
  schoolId?: number | null;
  actorUserId: number | null;
  /** The staff member behind an impersonated session, if any. */
  impersonatorId?: number | null;
  /** Dotted verb, e.g. `impersonation.start`, `password.change`. */
  action: string;
  entity: string;
  entityId?: string | number | null;
  /** Ids, flags and field names only: never names, e-mail addresses, passwords or pupil data. */
  details?: Record<string, string | number | boolean | null | string[] | number[]>;
  /** The app clock's time (tests move it); the database's now() when left out. */
  at?: Date;
}

const insertAudit = builtOncePerDb((db) =>
  db
    .insert(auditLog)
    .values({
      schoolId: sql.placeholder('schoolId'),
      actorUserId: sql.placeholder('actorUserId'),
      impersonatorId: sql.placeholder('impersonatorId'),
      action: sql.placeholder('action'),
      entity: sql.placeholder('entity'),
      entityId: sql.placeholder('entityId'),
      details: sql.placeholder('details'),
      createdAt: sql`coalesce(${sql.placeholder('at')}::timestamptz, now())`,
    })
    .prepare(NAMED_BY_TEXT),
);

/** Appends one row to the audit log. */
export async function writeAudit(db: Db, entry: AuditEntry): Promise<void> {
  await insertAudit(db).execute({
    schoolId: entry.schoolId ?? null,
    actorUserId: entry.actorUserId,
    impersonatorId: entry.impersonatorId ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    details: entry.details ?? {},
    at: entry.at?.toISOString() ?? null,
  });
}
