import { and, asc, count, desc, eq, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import { PUPIL_NOTE_CATEGORIES } from '@leerzicht/contract';
import type { Db } from '../../db/client';
import { pupilNoteCategories, pupilNotes, users } from '../../db/schema/index';

export type NoteRow = typeof pupilNotes.$inferSelect & {
  authorFirstName: string | null;
  authorLastName: string | null;
};

const BUILT_IN_NAMES: Record<(typeof PUPIL_NOTE_CATEGORIES)[number], string> = {
  general: 'Algemeen',
  method_score: 'Methodetoets',
  cito_score: 'Landelijke toets',
  social_emotional: 'Sociaal-emotioneel',
};

/** The school's note categories; the built-in ones are created on the school's first use. */
export async function listCategories(db: Db, schoolId: number) {
  const existing = await db
    .select()
    .from(pupilNoteCategories)
    .where(eq(pupilNoteCategories.schoolId, schoolId))
    .orderBy(asc(pupilNoteCategories.position), asc(pupilNoteCategories.id));
  const missing = PUPIL_NOTE_CATEGORIES.filter((code) => !existing.some((row) => row.code === code));
  if (missing.length === 0) return existing;
  await db
    .insert(pupilNoteCategories)
    .values(
      missing.map((code) => ({
        schoolId,
        code,
        name: BUILT_IN_NAMES[code],
        position: PUPIL_NOTE_CATEGORIES.indexOf(code),
      })),
    )
    .onConflictDoNothing();
  return listCategories(db, schoolId);
}

const noteColumns = {
  note: pupilNotes,
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
};

function toRow(row: {
  note: typeof pupilNotes.$inferSelect;
  authorFirstName: string | null;
  authorLastName: string | null;
}): NoteRow {
  return { ...row.note, authorFirstName: row.authorFirstName, authorLastName: row.authorLastName };
}

export interface NoteFilter {
  schoolId: number;
  pupilId: number;
  category?: string;
  archived?: boolean;
  /** Confidential notes of others are left out unless the reader sees them all. */
  reader: { userId: number; seesAllConfidential: boolean };
}

function whereOf(filter: NoteFilter): SQL | undefined {
  return and(
    eq(pupilNotes.schoolId, filter.schoolId),
    eq(pupilNotes.pupilId, filter.pupilId),
    filter.category === undefined ? undefined : eq(pupilNotes.category, filter.category),
    filter.archived === undefined
      ? undefined
      : filter.archived
        ? isNotNull(pupilNotes.dateArchived)
        : isNull(pupilNotes.dateArchived),
    filter.reader.seesAllConfidential
      ? undefined
      : or(eq(pupilNotes.confidential, false), eq(pupilNotes.authorId, filter.reader.userId)),
  );
}

/** A page of the pupil's notes (newest first) and how many match in all. */
export async function listNotes(db: Db, filter: NoteFilter, page: { limit: number; offset: number }) {
  const where = whereOf(filter);
  const [total] = await db.select({ n: count() }).from(pupilNotes).where(where);
  const rows = await db
    .select(noteColumns)
    .from(pupilNotes)
    .leftJoin(users, eq(users.id, pupilNotes.authorId))
    .where(where)
    .orderBy(desc(pupilNotes.dateCreated), desc(pupilNotes.id))
    .limit(page.limit)
    .offset(page.offset);
  return { count: total?.n ?? 0, rows: rows.map(toRow) };
}

export async function findNote(db: Db, id: number): Promise<NoteRow | null> {
  const [row] = await db
    .select(noteColumns)
    .from(pupilNotes)
    .leftJoin(users, eq(users.id, pupilNotes.authorId))
    .where(eq(pupilNotes.id, id))
    .limit(1);
  return row ? toRow(row) : null;
}

export async function insertNote(db: Db, values: typeof pupilNotes.$inferInsert): Promise<number> {
  const [row] = await db.insert(pupilNotes).values(values).returning({ id: pupilNotes.id });
  if (!row) throw new Error('note not stored');
  return row.id;
}

export async function updateNote(
  db: Db,
  id: number,
  changes: Partial<
    Pick<
      typeof pupilNotes.$inferInsert,
      'content' | 'category' | 'categoryId' | 'position' | 'confidential' | 'dateArchived' | 'dateChanged'
    >
  >,
): Promise<void> {
  await db.update(pupilNotes).set(changes).where(eq(pupilNotes.id, id));
}

export async function deleteNote(db: Db, id: number): Promise<void> {
  await db.delete(pupilNotes).where(eq(pupilNotes.id, id));
}

/** The school of a note, for the route's policy (null: no such note). */
export async function findNoteSchool(db: Db, id: number) {
  const [row] = await db
    .select({ schoolId: pupilNotes.schoolId, pupilId: pupilNotes.pupilId })
    .from(pupilNotes)
    .where(eq(pupilNotes.id, id))
    .limit(1);
  return row ?? null;
}
