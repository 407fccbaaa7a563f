import type {
  citoScoreNoteCreateSchema,
  methodScoreNoteCreateSchema,
  ScoreNote,
  ScoreNoteUpdate,
} from '@leerzicht/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { toScoreNote } from '../scores/index';
import type { AllowedScore, AllowedScoreNote, ScoreKind } from './score-note-access';
import { deleteScoreNote, insertScoreNote, updateScoreNote } from './score-note-repository';

/** A note by the caller on the test result the policy allowed. */
export async function createScoreNote(
  ctx: AppContext,
  { access, pupilId }: AllowedScore,
  input:
    | ({ kind: 'cito' } & z.output<typeof citoScoreNoteCreateSchema>)
    | ({ kind: 'method' } & z.output<typeof methodScoreNoteCreateSchema>),
): Promise<ScoreNote> {
  const scoreId = input.kind === 'cito' ? input.citoTestScoreId : input.methodTestScoreId;
  const now = ctx.now();
  const row = await insertScoreNote(ctx.db, {
    schoolId: access.schoolId,
    pupilId,
    citoTestScoreId: input.kind === 'cito' ? scoreId : null,
    methodTestScoreId: input.kind === 'method' ? scoreId : null,
    category: input.category,
    content: input.content,
    forwardLooking: input.kind === 'cito' ? input.forwardLooking : null,
    confidential: input.confidential,
    authorId: access.userId,
    dateCreated: now,
    dateChanged: now,
  });
  return toScoreNote(row);
}

export async function changeScoreNote(
  ctx: AppContext,
  kind: ScoreKind,
  { note }: AllowedScoreNote,
  input: ScoreNoteUpdate,
): Promise<ScoreNote> {
  const row = await updateScoreNote(ctx.db, note.id, {
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

export async function removeScoreNote(ctx: AppContext, { note }: AllowedScoreNote): Promise<void> {
  await deleteScoreNote(ctx.db, note.id);
}
