import {
  YEAR_CLASS_NOTE_ERRORS,
  type YearClassNote,
  type yearClassNoteCreateSchema,
  type YearClassNoteUpdate,
} from '@leerzicht/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { SchoolAccess } from '../../platform/access/index';
import { badRequest } from '../../platform/http-errors';
import { toYearClassNote } from '../scores/index';
import type { AllowedYearClassNote } from './year-class-note-access';
import {
  deleteYearClassNote,
  insertYearClassNote,
  pupilsInGroup,
  updateYearClassNote,
} from './year-class-note-repository';

async function checkPupils(ctx: AppContext, yearClassId: number, pupilIds: readonly number[]) {
  const inGroup = await pupilsInGroup(ctx.db, yearClassId, pupilIds);
  if (pupilIds.some((id) => !inGroup.has(id)))
    throw badRequest('Invalid input.', { relatedPupils: [YEAR_CLASS_NOTE_ERRORS.notInGroup] });
}

/** A note by the caller on the group the policy allowed (`access` is the group's school). */
export async function createYearClassNote(
  ctx: AppContext,
  access: SchoolAccess,
  input: z.output<typeof yearClassNoteCreateSchema>,
): Promise<YearClassNote> {
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
    authorId: access.userId,
    dateCreated: now,
    dateChanged: now,
  });
  return toYearClassNote(row);
}

export async function changeYearClassNote(
  ctx: AppContext,
  { note }: AllowedYearClassNote,
  input: YearClassNoteUpdate,
): Promise<YearClassNote> {
  const related = input.relatedPupils === undefined ? undefined : [...new Set(input.relatedPupils)];
  if (related !== undefined) {
    if (note.kind !== 'test_moment' && related.length > 0)
      throw badRequest('Invalid input.', { relatedPupils: [YEAR_CLASS_NOTE_ERRORS.pupilsOnlyForMoments] });
    await checkPupils(ctx, note.yearClassId, related);
  }
  const row = await updateYearClassNote(ctx.db, note.id, {
    ...(input.content === undefined ? {} : { content: input.content.trim() }),
    ...(related === undefined ? {} : { relatedPupilIds: related }),
    ...(input.confidential === undefined ? {} : { confidential: input.confidential }),
    dateChanged: ctx.now(),
  });
  return toYearClassNote(row);
}

export async function removeYearClassNote(ctx: AppContext, { note }: AllowedYearClassNote): Promise<void> {
  await deleteYearClassNote(ctx.db, note.id);
}
