import { z } from 'zod';
import { NOTE_LIMIT } from '../constants';
import { idSchema, multilineText, text } from './common';
import { NOTE_CATEGORY_MAX, NOTE_ERRORS } from './notes';

/*
 * Notes on one test result (spec section 3, "Score note"): `POST /cito_score_note/` on a national result, with the
 * forward-looking note only there; `POST /method_score_note/` on a method result. The pupil and the school follow
 * from the score, never from the body. The answer is the results API's scoreNoteSchema.
 */

export const SCORE_NOTE_ERRORS = {
  nationalOnly: 'A forward-looking note belongs to national tests only.',
  forwardLooking: `A forward-looking note can have at most ${NOTE_LIMIT} characters.`,
} as const;

const content = multilineText({ error: NOTE_ERRORS.required })
  .trim()
  .min(1, NOTE_ERRORS.required)
  .max(NOTE_LIMIT, NOTE_ERRORS.content);
const forwardLooking = multilineText().trim().max(NOTE_LIMIT, SCORE_NOTE_ERRORS.forwardLooking).nullable();
const category = text().trim().min(1, NOTE_ERRORS.required).max(NOTE_CATEGORY_MAX);

export const citoScoreNoteCreateSchema = z.object({
  citoTestScoreId: idSchema,
  content,
  forwardLooking: forwardLooking.optional().default(null),
  category: category.optional().default('cito_score'),
  confidential: z.boolean().optional().default(false),
});
export type CitoScoreNoteCreate = z.input<typeof citoScoreNoteCreateSchema>;

/** A method result has no forward-looking note: sending one is refused with a message on that field. */
const noForwardLooking = z
  .unknown()
  .optional()
  .refine((value) => value === undefined || value === null, { message: SCORE_NOTE_ERRORS.nationalOnly });

export const methodScoreNoteCreateSchema = z.object({
  methodTestScoreId: idSchema,
  content,
  category: category.optional().default('method_score'),
  confidential: z.boolean().optional().default(false),
  forwardLooking: noForwardLooking,
});
export type MethodScoreNoteCreate = z.input<typeof methodScoreNoteCreateSchema>;

const changed = (value: Record<string, unknown>) => Object.values(value).some((field) => field !== undefined);

export const citoScoreNoteUpdateSchema = z
  .object({
    content: content.optional(),
    forwardLooking: forwardLooking.optional(),
    category: category.optional(),
    confidential: z.boolean().optional(),
  })
  .refine(changed, { message: NOTE_ERRORS.nothingToChange });
export const methodScoreNoteUpdateSchema = z
  .object({
    content: content.optional(),
    category: category.optional(),
    confidential: z.boolean().optional(),
    forwardLooking: noForwardLooking,
  })
  .refine(changed, { message: NOTE_ERRORS.nothingToChange });
export type ScoreNoteUpdate = {
  content?: string;
  category?: string;
  confidential?: boolean;
  forwardLooking?: string | null;
};
