import type {
  citoScoreNoteCreateSchema,
  methodScoreNoteCreateSchema,
  ScoreNote,
  ScoreNoteUpdate,
} from '@leerzicht/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { allowOr403, allowOr404, type SchoolAccess } from '../../platform/access/index';
import { notFound } from '../../platform/http-errors';
import type { ActiveSession } from '../../platform/sessions';
import { toScoreNote } from '../scores/index';
import { authorizePupilNotes } from './access';
import { canEditNote, canSeeNote } from './policy';
import {
  deleteScoreNote,
  findScoreNote,
  findScoreOwner,
  insertScoreNote,
  updateScoreNote,
  type ScoreNoteRow,
} from './score-note-repository';

export type ScoreKind = 'cito' | 'method';

/** The score must be a result of a pupil the user reads, in the pupil's school (else 404). */
export async function authorizeScore(
  ctx: AppContext,
  session: ActiveSession,
  kind: ScoreKind,
  scoreId: number,
): Promise<SchoolAccess & { pupilId: number }> {
  const owner = await findScoreOwner(ctx.db, kind, scoreId);
  if (!owner) throw notFound();
  const access = await authorizePupilNotes(ctx, session, owner.pupilId);
  allowOr404(access.schoolId === owner.schoolId);
  return { ...access, pupilId: owner.pupilId };
}

/** A score note of this kind that the user may change: its author, sencos and superusers (else 403). */
export async function authorizeScoreNoteEdit(
  ctx: AppContext,
  session: ActiveSession,
  kind: ScoreKind,
  id: number,
): Promise<ScoreNoteRow> {
  const note = await findScoreNote(ctx.db, id);
  const scoreId = kind === 'cito' ? note?.citoTestScoreId : note?.methodTestScoreId;
  if (!note || scoreId === null || scoreId === undefined) throw notFound();
  const access = await authorizeScore(ctx, session, kind, scoreId);
  allowOr404(canSeeNote(access, note));
  allowOr403(canEditNote(access, note));
  return note;
}

export async function createScoreNote(
  ctx: AppContext,
  session: ActiveSession,
  input:
    | ({ kind: 'cito' } & z.output<typeof citoScoreNoteCreateSchema>)
    | ({ kind: 'method' } & z.output<typeof methodScoreNoteCreateSchema>),
): Promise<ScoreNote> {
  const scoreId = input.kind === 'cito' ? input.citoTestScoreId : input.methodTestScoreId;
  const access = await authorizeScore(ctx, session, input.kind, scoreId);
  const now = ctx.now();
  const row = await insertScoreNote(ctx.db, {
    schoolId: access.schoolId,
    pupilId: access.pupilId,
    citoTestScoreId: input.kind === 'cito' ? scoreId : null,
    methodTestScoreId: input.kind === 'method' ? scoreId : null,
    category: input.category,
    content: input.content,
    forwardLooking: input.kind === 'cito' ? input.forwardLooking : null,
    confidential: input.confidential,
    authorId: session.userId,
    dateCreated: now,
    dateChanged: now,
  });
  return toScoreNote(row);
}

export async function changeScoreNote(
  ctx: AppContext,
  session: ActiveSession,
  kind: ScoreKind,
  id: number,
  input: ScoreNoteUpdate,
): Promise<ScoreNote> {
  await authorizeScoreNoteEdit(ctx, session, kind, id);
  const row = await updateScoreNote(ctx.db, id, {
    ...(input.content === undefined ? {} : { content: input.content }),
    ...(input.category === undefined ? {} : { category: input.category }),
    ...(input.confidential === undefined ? {} : { confidential: input.confidential }),
    ...(kind === 'cito' && input.forwardLooking !== undefined
      ? { forwardLooking: input.forwardLooking }
      : {}),
    dateChanged: ctx.now(),
  });
  return toScoreNote(row);
}

export async function removeScoreNote(ctx: AppContext, session: ActiveSession, kind: ScoreKind, id: number) {
  await authorizeScoreNoteEdit(ctx, session, kind, id);
  await deleteScoreNote(ctx.db, id);
}
