import {
  fullName,
  NOTE_ERRORS,
  type pupilNoteCreateSchema,
  type NoteCategoryOption,
  type PupilNote,
  type PupilNoteList,
  type PupilNoteUpdate,
} from '@leerzicht/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { SchoolAccess } from '../../platform/access/index';
import { badRequest } from '../../platform/http-errors';
import type { AllowedNote } from './access';
import { canEditNote } from './policy';
import {
  deleteNote,
  findNote,
  insertNoteInCategory,
  listCategories,
  listNotes,
  updateNote,
  type NoteRow,
} from './repository';

function toNote(row: NoteRow, access: SchoolAccess): PupilNote {
  return {
    id: row.id,
    pupilId: row.pupilId,
    category: row.category,
    content: row.content,
    position: row.position,
    confidential: row.confidential,
    dateArchived: row.dateArchived?.toISOString() ?? null,
    dateCreated: row.dateCreated.toISOString(),
    dateChanged: row.dateChanged.toISOString(),
    authorId: row.authorId,
    authorName:
      row.authorFirstName === null
        ? ''
        : fullName({ firstName: row.authorFirstName, lastName: row.authorLastName ?? '' }),
    canEdit: canEditNote(access, row),
  };
}

export async function listCategoryOptions(ctx: AppContext, schoolId: number): Promise<NoteCategoryOption[]> {
  const rows = await listCategories(ctx.db, schoolId);
  return rows.map((row) => ({ id: row.id, code: row.code, name: row.name, position: row.position }));
}

/** The category of a note by its code (built-in) or its name (the school's own); 400 for anything else. */
async function resolveCategory(db: Db, schoolId: number, category: string) {
  const found = (await listCategories(db, schoolId)).find(
    (row) => row.code === category || (row.code === null && row.name === category),
  );
  if (!found) throw badRequest('Invalid input.', { category: [NOTE_ERRORS.unknownCategory] });
  return { categoryId: found.id, category: found.code ?? found.name };
}

/** The notes of the pupil the policy allowed (`access` is the pupil's school). */
export async function listPupilNotes(
  ctx: AppContext,
  access: SchoolAccess,
  query: { pupil_id: number; category?: string; archived?: 'true' | 'false'; limit: number; offset: number },
): Promise<PupilNoteList> {
  const { count, rows } = await listNotes(
    ctx.db,
    {
      schoolId: access.schoolId,
      pupilId: query.pupil_id,
      category: query.category,
      archived: query.archived === undefined ? undefined : query.archived === 'true',
      reader: { userId: access.userId, seesAllConfidential: access.readsWholeSchool },
    },
    { limit: query.limit, offset: query.offset },
  );
  return { count, results: rows.map((row) => toNote(row, access)) };
}

/** A note on the pupil the policy allowed (`access` is the pupil's school), by the caller. */
export async function createPupilNote(
  ctx: AppContext,
  access: SchoolAccess,
  input: z.output<typeof pupilNoteCreateSchema>,
): Promise<PupilNote> {
  const now = ctx.now();
  const note = {
    schoolId: access.schoolId,
    pupilId: input.pupilId,
    content: input.content,
    position: input.position,
    confidential: input.confidential,
    authorId: access.userId,
    dateCreated: now,
    dateChanged: now,
  };
  // One transaction: a request that fails (a lost connection answers 503) leaves neither the note nor the
  // built-in categories made for it.
  const row = await ctx.db.transaction(async (tx) => {
    const stored = await insertNoteInCategory(tx, note, input.category);
    if (stored) return stored;
    // Not stored: the category is unknown, or the school's built-in categories do not exist yet (made on first use).
    await resolveCategory(tx, access.schoolId, input.category);
    return insertNoteInCategory(tx, note, input.category);
  });
  if (!row) throw new Error('note not stored in a category that exists');
  return toNote(row, access);
}

export async function changePupilNote(
  ctx: AppContext,
  { access, note }: AllowedNote,
  input: PupilNoteUpdate,
): Promise<PupilNote> {
  // The change and the read of the note to answer in one transaction: when the connection is lost between them,
  // the answer (503) and the rows agree that nothing changed.
  const row = await ctx.db.transaction(async (tx) => {
    const category =
      input.category === undefined ? {} : await resolveCategory(tx, note.schoolId, input.category);
    await updateNote(tx, note.id, {
      ...category,
      ...(input.content === undefined ? {} : { content: input.content }),
      ...(input.position === undefined ? {} : { position: input.position }),
      ...(input.confidential === undefined ? {} : { confidential: input.confidential }),
      ...(input.dateArchived === undefined
        ? {}
        : { dateArchived: input.dateArchived === null ? null : new Date(input.dateArchived) }),
      dateChanged: ctx.now(),
    });
    return findNote(tx, note.id);
  });
  if (!row) throw new Error('note not found after update');
  return toNote(row, access);
}

export async function removePupilNote(ctx: AppContext, { note }: AllowedNote): Promise<void> {
  await deleteNote(ctx.db, note.id);
}
