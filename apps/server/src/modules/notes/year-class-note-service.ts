import {
  YEAR_CLASS_NOTE_ERRORS,
  type YearClassNote,
  type yearClassNoteCreateSchema,
  type YearClassNoteUpdate,
} from '@leerzicht/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import {
  allowOr403,
  allowOr404,
  authorizeGroup,
  authorizeUser,
  canReadGroup,
  type SchoolAccess,
} from '../../platform/access/index';
import { badRequest, notFound } from '../../platform/http-errors';
import type { ActiveSession } from '../../platform/sessions';
import { toYearClassNote } from '../scores/index';
import { canEditNote, canSeeNote, mayUseNotes } from './policy';
import {
  deleteYearClassNote,
  findYearClassNote,
  insertYearClassNote,
  pupilsInGroup,
  updateYearClassNote,
} from './year-class-note-repository';

/** The group must be one the user reads (404), the user not restricted (403). */
export async function authorizeGroupNotes(
  ctx: AppContext,
  session: ActiveSession,
  yearClassId: number,
): Promise<SchoolAccess> {
  const access = await authorizeGroup(ctx.db, session, yearClassId, canReadGroup);
  authorizeUser(session, mayUseNotes);
  return access;
}

/** A group note the user may change: its group readable (404), theirs or a whole-school reader's (403). */
export async function authorizeGroupNoteEdit(ctx: AppContext, session: ActiveSession, id: number) {
  const note = await findYearClassNote(ctx.db, id);
  if (!note) throw notFound();
  const access = await authorizeGroupNotes(ctx, session, note.yearClassId);
  allowOr404(canSeeNote(access, note));
  allowOr403(canEditNote(access, note));
  return { access, note };
}

async function checkPupils(ctx: AppContext, yearClassId: number, pupilIds: readonly number[]) {
  const inGroup = await pupilsInGroup(ctx.db, yearClassId, pupilIds);
  if (pupilIds.some((id) => !inGroup.has(id)))
    throw badRequest('Invalid input.', { relatedPupils: [YEAR_CLASS_NOTE_ERRORS.notInGroup] });
}

export async function createYearClassNote(
  ctx: AppContext,
  session: ActiveSession,
  input: z.output<typeof yearClassNoteCreateSchema>,
): Promise<YearClassNote> {
  const access = await authorizeGroupNotes(ctx, session, input.yearClassId);
  const related = [...new Set(input.relatedPupils)];
  await checkPupils(ctx, input.yearClassId, related);
  const now = ctx.now();
  const row = await insertYearClassNote(ctx.db, {
    schoolId: access.schoolId,
    yearClassId: input.yearClassId,
    kind: input.kind,
    subjectId: input.subjectId,
    calendarYear: input.calendarYear,
    yearTime: input.kind === 'test_moment' ? input.yearTime : null,
    methodTestId: input.kind === 'method_test' ? input.methodTestId : null,
    content: input.content,
    relatedPupilIds: related,
    confidential: input.confidential,
    authorId: session.userId,
    dateCreated: now,
    dateChanged: now,
  });
  return toYearClassNote(row);
}

export async function changeYearClassNote(
  ctx: AppContext,
  session: ActiveSession,
  id: number,
  input: YearClassNoteUpdate,
): Promise<YearClassNote> {
  const { note } = await authorizeGroupNoteEdit(ctx, session, id);
  const related = input.relatedPupils === undefined ? undefined : [...new Set(input.relatedPupils)];
  if (related !== undefined) {
    if (note.kind !== 'test_moment' && related.length > 0)
      throw badRequest('Invalid input.', { relatedPupils: [YEAR_CLASS_NOTE_ERRORS.pupilsOnlyForMoments] });
    await checkPupils(ctx, note.yearClassId, related);
  }
  const row = await updateYearClassNote(ctx.db, id, {
    ...(input.content === undefined ? {} : { content: input.content.trim() }),
    ...(related === undefined ? {} : { relatedPupilIds: related }),
    ...(input.confidential === undefined ? {} : { confidential: input.confidential }),
    dateChanged: ctx.now(),
  });
  return toYearClassNote(row);
}

export async function removeYearClassNote(
  ctx: AppContext,
  session: ActiveSession,
  id: number,
): Promise<void> {
  await authorizeGroupNoteEdit(ctx, session, id);
  await deleteYearClassNote(ctx.db, id);
}
