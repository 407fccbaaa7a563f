import type { AppContext } from '../../context';
import {
  allowOr403,
  allowOr404,
  authorizePupil,
  authorizeUser,
  type SchoolAccess,
} from '../../platform/access/index';
import { notFound } from '../../platform/http-errors';
import type { ActiveSession } from '../../platform/sessions';
import { canEditNote, canReadPupilNotes, canSeeNote, mayUseNotes } from './policy';
import { findNote, type NoteRow } from './repository';

/*
 * The checks of every note call, run by the route's policy (the resolver caches the school access per request).
 * Order: what the user may not know of answers 404, then a restricted user 403, then what the user sees but may
 * not do 403.
 */

const requireUnrestricted = (session: ActiveSession) => authorizeUser(session, mayUseNotes);

/** A note the policy allowed the caller to change or delete, with the access that allowed it. */
export interface AllowedNote {
  access: SchoolAccess;
  note: NoteRow;
}

/** The pupil's notes: the pupil must be readable (404), the user not restricted (403). */
export async function authorizePupilNotes(
  ctx: AppContext,
  session: ActiveSession,
  pupilId: number,
): Promise<SchoolAccess> {
  const access = await authorizePupil(ctx.db, session, pupilId, undefined, canReadPupilNotes);
  requireUnrestricted(session);
  return access;
}

/** A note to change or delete: seen by the user (else 404) and theirs to edit (else 403). */
export async function authorizeNoteEdit(
  ctx: AppContext,
  session: ActiveSession,
  noteId: number,
): Promise<AllowedNote> {
  const note = await findNote(ctx.db, noteId);
  if (!note) throw notFound();
  const access = await authorizePupilNotes(ctx, session, note.pupilId);
  allowOr404(access.schoolId === note.schoolId && canSeeNote(access, note));
  allowOr403(canEditNote(access, note));
  return { access, note };
}
