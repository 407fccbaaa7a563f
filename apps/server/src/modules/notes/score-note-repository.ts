import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { methodTestScores, nationalTestScores, scoreNotes } from '../../db/schema/index';

export type ScoreNoteRow = typeof scoreNotes.$inferSelect;

/** The school and pupil of a national or method result (null: no such result). */
export async function findScoreOwner(db: Db, kind: 'cito' | 'method', scoreId: number) {
  const table = kind === 'cito' ? nationalTestScores : methodTestScores;
  const [row] = await db
    .select({ schoolId: table.schoolId, pupilId: table.pupilId })
    .from(table)
    .where(eq(table.id, scoreId))
    .limit(1);
  return row ?? null;
}

export async function findScoreNote(db: Db, id: number): Promise<ScoreNoteRow | null> {
  const [row] = await db.select().from(scoreNotes).where(eq(scoreNotes.id, id)).limit(1);
  return row ?? null;
}

export async function insertScoreNote(db: Db, values: typeof scoreNotes.$inferInsert): Promise<ScoreNoteRow> {
  const [row] = await db.insert(scoreNotes).values(values).returning();
  if (!row) throw new Error('score note not stored');
  return row;
}

export async function updateScoreNote(
  db: Db,
  id: number,
  changes: Partial<
    Pick<ScoreNoteRow, 'content' | 'category' | 'forwardLooking' | 'confidential' | 'dateChanged'>
  >,
): Promise<ScoreNoteRow> {
  const [row] = await db.update(scoreNotes).set(changes).where(eq(scoreNotes.id, id)).returning();
  if (!row) throw new Error('score note not found');
  return row;
}

export async function deleteScoreNote(db: Db, id: number): Promise<void> {
  await db.delete(scoreNotes).where(eq(scoreNotes.id, id));
}
