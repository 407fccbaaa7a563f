import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { socialEmotionalAspects } from '../../db/schema/index';

export type AspectRow = typeof socialEmotionalAspects.$inferSelect;

/** The school's aspects by position (ties by id), archived ones included. */
export function listAspectRows(db: Db, schoolId: number): Promise<AspectRow[]> {
  return db
    .select()
    .from(socialEmotionalAspects)
    .where(eq(socialEmotionalAspects.schoolId, schoolId))
    .orderBy(asc(socialEmotionalAspects.position), asc(socialEmotionalAspects.id));
}

/** Adds coded aspects the school lacks; a concurrent first read that added them already is no error. */
export async function insertCodedAspects(
  db: Db,
  schoolId: number,
  aspects: readonly { code: string; name: string; position: number }[],
): Promise<void> {
  if (aspects.length === 0) return;
  await db
    .insert(socialEmotionalAspects)
    .values(aspects.map((aspect) => ({ schoolId, ...aspect })))
    .onConflictDoNothing({ target: [socialEmotionalAspects.schoolId, socialEmotionalAspects.code] });
}

export function findAspect(db: Db, aspectId: number): Promise<AspectRow | null> {
  return db
    .select()
    .from(socialEmotionalAspects)
    .where(eq(socialEmotionalAspects.id, aspectId))
    .limit(1)
    .then((rows) => rows[0] ?? null);
}

/** An own aspect (no code) after the school's last one. */
export async function insertOwnAspect(db: Db, schoolId: number, name: string): Promise<AspectRow> {
  const [row] = await db
    .insert(socialEmotionalAspects)
    .values({
      schoolId,
      name,
      position: sql`(select coalesce(max(${socialEmotionalAspects.position}), -1) + 1
        from ${socialEmotionalAspects} where ${socialEmotionalAspects.schoolId} = ${schoolId})`,
    })
    .returning();
  if (!row) throw new Error('aspect not stored');
  return row;
}

export async function updateAspectRow(
  db: Db,
  schoolId: number,
  aspectId: number,
  changes: { name?: string; position?: number; isArchived?: boolean },
): Promise<AspectRow | null> {
  const [row] = await db
    .update(socialEmotionalAspects)
    .set(changes)
    .where(and(eq(socialEmotionalAspects.id, aspectId), eq(socialEmotionalAspects.schoolId, schoolId)))
    .returning();
  return row ?? null;
}
