import { and, asc, count, desc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { PUPIL_NOTE_CATEGORIES } from '@leerzicht/contract';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/select-rows';
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

const insertedNoteSchema = z.object({
  id: z.number().int(),
  schoolId: z.number().int(),
  pupilId: z.number().int(),
  categoryId: z.number().int().nullable(),
  category: z.string(),
  content: z.string(),
  position: z.number().int(),
  confidential: z.boolean(),
  authorId: z.number().int().nullable(),
  // node-postgres answers a Date, PGlite a Date or a string: either way a Date.
  dateCreated: z.coerce.date(),
  dateChanged: z.coerce.date(),
  dateArchived: z.coerce.date().nullable(),
  authorFirstName: z.string().nullable(),
  authorLastName: z.string().nullable(),
});

export type NewNote = Omit<
  typeof pupilNotes.$inferInsert,
  'category' | 'categoryId' | 'id' | 'dateArchived'
> & {
  position: number;
  confidential: boolean;
  authorId: number;
  dateCreated: Date;
  dateChanged: Date;
};

/**
 * Stores a note in the school's category `category` (a built-in code, or the name of one of the school's own
 * categories: the first by position, as listCategories orders them) and answers it as findNote would. One
 * statement: the category is looked up, the note stored and its author named together. Null when the school has
 * no such category (yet: listCategories creates the built-in ones on first use).
 */
export async function insertNoteInCategory(db: Db, note: NewNote, category: string): Promise<NoteRow | null> {
  const [row] = await selectRows(
    db,
    insertedNoteSchema,
    sql`insert into pupil_notes (school_id, pupil_id, category_id, category, content, position, confidential,
        author_id, date_created, date_changed)
      select ${note.schoolId}, ${note.pupilId}, c.id, coalesce(c.code, c.name), ${note.content}, ${note.position},
        ${note.confidential}, ${note.authorId}, ${note.dateCreated.toISOString()}::timestamptz,
        ${note.dateChanged.toISOString()}::timestamptz
      from pupil_note_categories c
      where c.school_id = ${note.schoolId} and (c.code = ${category} or (c.code is null and c.name = ${category}))
      order by c.position, c.id
      limit 1
      returning id, school_id as "schoolId", pupil_id as "pupilId", category_id as "categoryId", category, content,
        position, confidential, author_id as "authorId", date_created as "dateCreated",
        date_changed as "dateChanged", date_archived as "dateArchived",
        (select u.first_name from users u where u.id = author_id) as "authorFirstName",
        (select u.last_name from users u where u.id = author_id) as "authorLastName"`,
  );
  return row ?? null;
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
