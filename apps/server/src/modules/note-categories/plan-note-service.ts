import {
  fullName,
  GROUP_PLAN_NOTE_ERRORS as ERRORS,
  type GroupPlanNote,
  type groupPlanNoteCreateSchema,
  type GroupPlanNoteList,
  type groupPlanNoteQuerySchema,
  type GroupPlanNoteUpdate,
} from '@leerzicht/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { SchoolAccess } from '../../platform/access/index';
import { badRequest, notFound } from '../../platform/http-errors';
import type { AllowedCategory } from '../pupil-note-categories/index';
import type { AllowedPlanNote } from './access';
import {
  deletePlanNote,
  insertPlanNote,
  listPlanNotes,
  lockCategoryForNote,
  updatePlanNote,
  type PlanNoteView,
} from './plan-note-repository';
import { canEditPlanNote } from './policy';

function toNote(row: PlanNoteView, access: SchoolAccess): GroupPlanNote {
  return {
    id: row.note.id,
    noteCategoryId: row.note.noteCategoryId,
    category: {
      id: row.category.id,
      name: row.category.name,
      layer: row.category.layer,
      group_plan_id: row.category.groupPlanId,
    },
    pupilId: row.note.pupilId,
    content: row.note.content,
    date_archived: row.note.dateArchived?.toISOString() ?? null,
    dateCreated: row.note.dateCreated.toISOString(),
    dateChanged: row.note.dateChanged.toISOString(),
    authorId: row.note.authorId,
    authorName:
      row.authorFirstName === null
        ? ''
        : fullName({ firstName: row.authorFirstName, lastName: row.authorLastName ?? '' }),
    canEdit: canEditPlanNote(access, row.note),
  };
}

const invalid = (field: 'noteCategoryId' | 'pupilId', message: string) =>
  badRequest('Invalid input.', { [field]: [message] });

/** The note as stored, for the answer: read in the write's transaction, so a failed read undoes the write. */
async function noteById(db: Db, access: SchoolAccess, id: number): Promise<GroupPlanNote> {
  const { rows } = await listPlanNotes(db, { schoolId: access.schoolId, id, groupIds: null });
  const [row] = rows;
  if (!row) throw new Error('group plan note not found after writing it');
  return toNote(row, access);
}

/** The active notes of the categories the reader may read, by category, newest first (`include[]=notes`). */
export async function activeNotesOf(
  ctx: AppContext,
  access: SchoolAccess,
  categoryIds: readonly number[],
): Promise<Map<number, GroupPlanNote[]>> {
  const { rows } = await listPlanNotes(ctx.db, {
    schoolId: access.schoolId,
    noteCategoryIds: categoryIds,
    archived: false,
    groupIds: access.groupIds,
  });
  const notes = new Map<number, GroupPlanNote[]>();
  for (const row of rows) {
    const list = notes.get(row.note.noteCategoryId) ?? [];
    list.push(toNote(row, access));
    notes.set(row.note.noteCategoryId, list);
  }
  return notes;
}

/** The notes the list's filters ask for, in the school of the category or plan the policy allowed. */
export async function listGroupPlanNotes(
  ctx: AppContext,
  access: SchoolAccess,
  query: z.output<typeof groupPlanNoteQuerySchema>,
): Promise<GroupPlanNoteList> {
  const { count, rows } = await listPlanNotes(
    ctx.db,
    {
      schoolId: access.schoolId,
      noteCategoryIds: query.note_category_id === undefined ? undefined : [query.note_category_id],
      groupPlanId: query.group_plan_id,
      pupilId: query.pupil_id,
      layer: query.layer,
      archived: query.archived === undefined ? undefined : query.archived === 'true',
      groupIds: access.groupIds,
    },
    { limit: query.limit, offset: query.offset },
  );
  return { count, results: rows.map((row) => toNote(row, access)) };
}

/** A note by the caller in the plan's category the policy allowed, about the pupil it allowed (if any). */
export async function createGroupPlanNote(
  ctx: AppContext,
  { access, category }: AllowedCategory,
  input: z.output<typeof groupPlanNoteCreateSchema>,
): Promise<GroupPlanNote> {
  const pupilId = input.pupilId ?? null;
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const current = await lockCategoryForNote(tx, category.id);
    // Deleted since the checks above.
    if (!current) throw notFound();
    if (current.isArchived) throw invalid('noteCategoryId', ERRORS.archivedCategory);
    const id = await insertPlanNote(tx, {
      schoolId: category.schoolId,
      noteCategoryId: category.id,
      pupilId,
      content: input.content,
      authorId: access.userId,
      dateCreated: now,
      dateChanged: now,
    });
    return noteById(tx, access, id);
  });
}

export async function changeGroupPlanNote(
  ctx: AppContext,
  { access, note }: AllowedPlanNote,
  input: GroupPlanNoteUpdate,
): Promise<GroupPlanNote> {
  // The change and the read for the answer in one transaction: a 503 between them leaves nothing changed.
  return ctx.db.transaction(async (tx) => {
    await updatePlanNote(tx, note.id, {
      ...(input.content === undefined ? {} : { content: input.content }),
      ...(input.date_archived === undefined
        ? {}
        : { dateArchived: input.date_archived === null ? null : new Date(input.date_archived) }),
      dateChanged: ctx.now(),
    });
    return noteById(tx, access, note.id);
  });
}

export async function removeGroupPlanNote(ctx: AppContext, { note }: AllowedPlanNote): Promise<void> {
  await deletePlanNote(ctx.db, note.id);
}
