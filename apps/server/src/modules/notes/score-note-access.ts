import type { AppContext } from '../../context';
import { allowOr403, allowOr404, type SchoolAccess } from '../../platform/access/index';
import { notFound } from '../../platform/http-errors';
import type { ActiveSession } from '../../platform/sessions';
import { authorizePupilNotes } from './access';
import { canEditNote, canSeeNote } from './policy';
import { findScoreNote, findScoreOwner, type ScoreNoteRow } from './score-note-repository';

export type ScoreKind = 'cito' | 'method';

/** A test result the policy allowed notes on: the access to its pupil's school, and its pupil. */
export interface AllowedScore {
  access: SchoolAccess;
  pupilId: number;
}

/** A score note the policy allowed the caller to change or delete, with the access that allowed it. */
export interface AllowedScoreNote {
  access: SchoolAccess;
  note: ScoreNoteRow;
}

/** The score must be a result of a pupil the user reads, in the pupil's school (else 404). */
export async function authorizeScore(
  ctx: AppContext,
  session: ActiveSession,
  kind: ScoreKind,
  scoreId: number,
): Promise<AllowedScore> {
  const owner = await findScoreOwner(ctx.db, kind, scoreId);
  if (!owner) throw notFound();
  const access = await authorizePupilNotes(ctx, session, owner.pupilId);
  allowOr404(access.schoolId === owner.schoolId);
  return { access, pupilId: owner.pupilId };
}

/** A score note of this kind that the user may change: its author, sencos and superusers (else 403). */
export async function authorizeScoreNoteEdit(
  ctx: AppContext,
  session: ActiveSession,
  kind: ScoreKind,
  id: number,
): Promise<AllowedScoreNote> {
  const note = await findScoreNote(ctx.db, id);
  const scoreId = kind === 'cito' ? note?.citoTestScoreId : note?.methodTestScoreId;
  if (!note || scoreId === null || scoreId === undefined) throw notFound();
  const { access } = await authorizeScore(ctx, session, kind, scoreId);
  allowOr404(canSeeNote(access, note));
  allowOr403(canEditNote(access, note));
  return { access, note };
}
