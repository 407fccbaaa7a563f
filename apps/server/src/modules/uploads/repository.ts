import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { UploadKind } from '@leerzicht/contract';
import type { Db } from '../../db/client';
import { schoolMemberships, schools, uploads, users } from '../../db/schema/index';

/** What an upload needs to know of its school: the BRIN a file must name and whether the link is active. */
export function findUploadSchool(db: Db, schoolId: number) {
  return db
    .select({ id: schools.id, brinCode: schools.brinCode, isConnectionActive: schools.isConnectionActive })
    .from(schools)
    .where(eq(schools.id, schoolId))
    .limit(1)
    .then((rows) => rows[0] ?? null);
}

// The first key of the two-key advisory lock: uploads' own namespace, so that the school id does not collide
// with another feature's locks (the number is arbitrary and fixed).
const UPLOAD_LOCK_NAMESPACE = 7_301;

/**
 * Takes the school's upload lock until the transaction ends: two uploads for one school are planned and written
 * one after the other, so the second sees what the first wrote.
 */
export async function lockSchoolUploads(tx: Db, schoolId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${UPLOAD_LOCK_NAMESPACE}, ${schoolId})`);
}

/** Whether the same file (by hash) of this kind was applied to the school before. */
export async function wasApplied(db: Db, schoolId: number, kind: UploadKind, sha256: string) {
  const rows = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(
      and(
        eq(uploads.schoolId, schoolId),
        eq(uploads.kind, kind),
        eq(uploads.sha256, sha256),
        eq(uploads.status, 'done'),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertUpload(db: Db, values: typeof uploads.$inferInsert) {
  const [row] = await db.insert(uploads).values(values).returning({ id: uploads.id });
  if (!row) throw new Error('upload not recorded');
  return row.id;
}

const uploadColumns = {
  id: uploads.id,
  kind: uploads.kind,
  fileName: uploads.fileName,
  sha256: uploads.sha256,
  size: uploads.size,
  calendarYear: uploads.calendarYear,
  status: uploads.status,
  result: uploads.result,
  createdAt: uploads.createdAt,
  userFirstName: users.firstName,
  userLastName: users.lastName,
  username: users.username,
};

export type UploadRow = Awaited<ReturnType<typeof findUpload>>;

export function findUpload(db: Db, schoolId: number, id: number) {
  return db
    .select(uploadColumns)
    .from(uploads)
    .leftJoin(users, eq(users.id, uploads.userId))
    .where(and(eq(uploads.schoolId, schoolId), eq(uploads.id, id)))
    .limit(1)
    .then((rows) => rows[0] ?? null);
}

/** The school's uploads, newest first (ties: the later id first). */
export async function listUploads(db: Db, schoolId: number, page: { limit: number; offset: number }) {
  const [total] = await db.select({ n: count() }).from(uploads).where(eq(uploads.schoolId, schoolId));
  const rows = await db
    .select(uploadColumns)
    .from(uploads)
    .leftJoin(users, eq(users.id, uploads.userId))
    .where(eq(uploads.schoolId, schoolId))
    .orderBy(desc(uploads.createdAt), desc(uploads.id))
    .limit(page.limit)
    .offset(page.offset);
  return { count: total?.n ?? 0, rows };
}

/** Of these addresses (lower case), those of accounts that are members of the school. */
export async function memberEmails(db: Db, schoolId: number, emails: readonly string[]) {
  if (emails.length === 0) return new Set<string>();
  const lowerEmail = sql<string>`lower(${users.email})`;
  const rows = await db
    .select({ email: lowerEmail })
    .from(users)
    .innerJoin(
      schoolMemberships,
      and(eq(schoolMemberships.userId, users.id), eq(schoolMemberships.schoolId, schoolId)),
    )
    .where(inArray(lowerEmail, [...emails]));
  return new Set(rows.map((row) => row.email));
}
