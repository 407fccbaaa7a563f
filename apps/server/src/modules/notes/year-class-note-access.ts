import type { AppContext } from '../../context';
import {
  allowOr403,
  allowOr404,
  authorizeGroup,
  authorizeUser,
  canReadGroup,
  type SchoolAccess,
} from '../../platform/access/index';
import { notFound } from '../../platform/http-errors';
import type { ActiveSession } from '../../platform/sessions';
import { canEditNote, canSeeNote, mayUseNotes } from './policy';
import { findYearClassNote, type YearClassNoteRow } from './year-class-note-repository';

/** A group note the policy allowed the caller to change or delete, with the access that allowed it. */
export interface AllowedYearClassNote {
  access: SchoolAccess;
  note: YearClassNoteRow;
}

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
export async function authorizeGroupNoteEdit(
  ctx: AppContext,
  session: ActiveSession,
  id: number,
): Promise<AllowedYearClassNote> {
  const note = await findYearClassNote(ctx.db, id);
  if (!note) throw notFound();
  const access = await authorizeGroupNotes(ctx, session, note.yearClassId);
  allowOr404(canSeeNote(access, note));
  allowOr403(canEditNote(access, note));
  return { access, note };
}

/**
 * The group notes page's list: the group as for its notes, and the group's `school_id` must be the one asked for
 * (a mismatch is a group the caller does not know: 404).
 */
export async function authorizeAllNotes(
  ctx: AppContext,
  session: ActiveSession,
  query: { school_id: number; yearclass_id: number },
): Promise<SchoolAccess> {
  const access = await authorizeGroupNotes(ctx, session, query.yearclass_id);
  allowOr404(access.schoolId === query.school_id);
  return access;
}
