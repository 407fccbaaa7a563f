import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { yearClassNotes, yearClassPupils } from '../../db/schema/index';

export type YearClassNoteRow = typeof yearClassNotes.$inferSelect;

/** Of the given pupils, those enrolled in the group. */
export async function pupilsInGroup(
  db: Db,
  yearClassId: number,
  pupilIds: readonly number[],
): Promise<Set<number>> {
  if (pupilIds.length === 0) return new Set();
  const rows = await db
    .select({ pupilId: yearClassPupils.pupilId })
    .from(yearClassPupils)
    .where(
      and(eq(yearClassPupils.yearClassId, yearClassId), inArray(yearClassPupils.pupilId, [...pupilIds])),
    );
  return new Set(rows.map((row) => row.pupilId));
}

export async function findYearClassNote(db: Db, id: number): Promise<YearClassNoteRow | null> {
  const [row] = await db.select().from(yearClassNotes).where(eq(yearClassNotes.id, id)).limit(1);
  return row ?? null;
}

export async function insertYearClassNote(db: Db, values: typeof yearClassNotes.$inferInsert) {
  const [row] = await db.insert(yearClassNotes).values(values).returning();
  if (!row) throw new Error('group note not stored');
  return row;
}

export async function updateYearClassNote(
  db: Db,
  id: number,
  changes: Partial<Pick<YearClassNoteRow, 'content' | 'relatedPupilIds' | 'confidential' | 'dateChanged'>>,
) {
  const [row] = await db.update(yearClassNotes).set(changes).where(eq(yearClassNotes.id, id)).returning();
  if (!row) throw new Error('group note not found');
  return row;
}

export async function deleteYearClassNote(db: Db, id: number): Promise<void> {
  await db.delete(yearClassNotes).where(eq(yearClassNotes.id, id));
}
