import { z } from 'zod';
import { NOTE_LIMIT } from '../constants';
import { idParam, idSchema, multilineText, pagedSchema, pageQuerySchema, text } from './common';

/*
 * Pupil notes (spec sections 3 and 4): per pupil, with a category, archived or active. Confidential notes are read
 * only by their author, sencos and school superusers; users marked restricted read no notes.
 */

export const NOTE_CATEGORY_MAX = 100;

/** Messages of the per-field errors, so the web app can show them in its own words. */
export const NOTE_ERRORS = {
  required: 'Field is required',
  content: `A note can have at most ${NOTE_LIMIT} characters.`,
  unknownCategory: 'This category does not exist at this school.',
  nothingToChange: 'Give at least one field to change.',
} as const;

const content = multilineText({ error: NOTE_ERRORS.required })
  .trim()
  .min(1, NOTE_ERRORS.required)
  .max(NOTE_LIMIT, NOTE_ERRORS.content);
const category = text({ error: NOTE_ERRORS.required })
  .trim()
  .min(1, NOTE_ERRORS.required)
  .max(NOTE_CATEGORY_MAX);

export const pupilNoteSchema = z.object({
  id: z.number().int(),
  pupilId: z.number().int(),
  /** The built-in code (general, method_score, cito_score, social_emotional) or the school's own category name. */
  category: z.string(),
  content: z.string(),
  position: z.number().int(),
  confidential: z.boolean(),
  dateArchived: z.string().nullable(),
  dateCreated: z.string(),
  dateChanged: z.string(),
  authorId: z.number().int().nullable(),
  /** Empty when the account no longer exists. */
  authorName: z.string(),
  /** Whether the caller may change, archive or delete it (its author, sencos and superusers). */
  canEdit: z.boolean(),
});
export type PupilNote = z.infer<typeof pupilNoteSchema>;

/** `GET /pupil_note/?pupil_id=&category=&archived=`: newest first, paged (limit, offset). */
export const pupilNoteQuerySchema = pageQuerySchema.extend({
  pupil_id: idParam,
  category: text().max(NOTE_CATEGORY_MAX).optional(),
  archived: z.enum(['true', 'false']).optional(),
});
export const pupilNoteListSchema = pagedSchema(pupilNoteSchema);
export type PupilNoteList = z.infer<typeof pupilNoteListSchema>;

/** `POST /pupil_note/`: the author is the signed-in user. */
export const pupilNoteCreateSchema = z.object({
  pupilId: idSchema,
  category: category.optional().default('general'),
  content,
  position: z.number().int().min(0).max(10_000).optional().default(0),
  confidential: z.boolean().optional().default(false),
});
export type PupilNoteCreate = z.input<typeof pupilNoteCreateSchema>;

/** `PATCH /pupil_note/{id}/`: the given fields change; `dateArchived` set archives, null restores. */
export const pupilNoteUpdateSchema = z
  .object({
    content: content.optional(),
    category: category.optional(),
    position: z.number().int().min(0).max(10_000).optional(),
    confidential: z.boolean().optional(),
    dateArchived: z.iso.datetime({ offset: true }).nullable().optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: NOTE_ERRORS.nothingToChange,
  });
export type PupilNoteUpdate = z.input<typeof pupilNoteUpdateSchema>;

/** `GET /note_category_options/?school_id=` (ours): the categories a note of the school can have. */
export const noteCategoryOptionQuerySchema = z.object({ school_id: idParam });
export const noteCategoryOptionSchema = z.object({
  id: z.number().int(),
  /** The built-in code; null for a school's own category (its name is then the note's `category`). */
  code: z.string().nullable(),
  name: z.string(),
  position: z.number().int(),
});
export const noteCategoryOptionListSchema = z.array(noteCategoryOptionSchema);
export type NoteCategoryOption = z.infer<typeof noteCategoryOptionSchema>;
