import { z } from 'zod';
import { NOTE_LAYERS, NOTE_LIMIT } from '../constants';
import { idParam, idSchema, multilineText, pagedSchema, pageQuerySchema } from './common';
import { NOTE_ERRORS } from './notes';

/*
 * Group plan notes (spec section 3, "Group plan note": category, date_archived): notes written in a note category
 * of a group plan, archived (date_archived set) or active. A note about one pupil lives in a category of layer
 * PUPIL and names the pupil (`pupilId`); the category itself has no pupil ("pupil_id excluded"). Field names the
 * specification gives are kept as it writes them (date_archived), the others are camelCase.
 */

/** Messages of the per-field errors, so the web app can show them in its own words. */
export const GROUP_PLAN_NOTE_ERRORS = {
  required: NOTE_ERRORS.required,
  content: NOTE_ERRORS.content,
  filterRequired: 'Give note_category_id or group_plan_id.',
  nothingToChange: 'Give at least one field to change.',
  notInPlan: 'Notes are written in the categories of a group plan.',
  archivedCategory: 'This category is archived: restore it before writing in it.',
  pupilLayer: 'Only a note in a category of layer PUPIL can name a pupil.',
  pupilNotInPlan: 'This pupil is neither placed in this category nor in the group of the plan.',
} as const;

const content = multilineText({ error: GROUP_PLAN_NOTE_ERRORS.required })
  .trim()
  .min(1, GROUP_PLAN_NOTE_ERRORS.required)
  .max(NOTE_LIMIT, GROUP_PLAN_NOTE_ERRORS.content);

/** The category a note is written in, as the note carries it. */
export const groupPlanNoteCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  layer: z.enum(NOTE_LAYERS),
  group_plan_id: z.number().int().nullable(),
});

export const groupPlanNoteSchema = z.object({
  id: z.number().int(),
  noteCategoryId: z.number().int(),
  category: groupPlanNoteCategorySchema,
  /** The pupil a note in a PUPIL category is about; null for a note about the group or an instruction group. */
  pupilId: z.number().int().nullable(),
  content: z.string(),
  date_archived: z.string().nullable(),
  dateCreated: z.string(),
  dateChanged: z.string(),
  authorId: z.number().int().nullable(),
  /** Empty when the account no longer exists. */
  authorName: z.string(),
  /** Whether the caller may change, archive or delete it (its author, sencos and superusers). */
  canEdit: z.boolean(),
});
export type GroupPlanNote = z.infer<typeof groupPlanNoteSchema>;

/**
 * `GET /group_plan_note/?note_category_id=&group_plan_id=&pupil_id=&layer=&archived=`: the notes matching every
 * filter given (a category or a plan at least), newest first, paged. Without `archived` both kinds come.
 */
export const groupPlanNoteQuerySchema = pageQuerySchema
  .extend({
    note_category_id: idParam.optional(),
    group_plan_id: idParam.optional(),
    pupil_id: idParam.optional(),
    layer: z.enum(NOTE_LAYERS).optional(),
    archived: z.enum(['true', 'false']).optional(),
  })
  .refine((value) => value.note_category_id !== undefined || value.group_plan_id !== undefined, {
    message: GROUP_PLAN_NOTE_ERRORS.filterRequired,
  });
export type GroupPlanNoteQuery = z.input<typeof groupPlanNoteQuerySchema>;
export const groupPlanNoteListSchema = pagedSchema(groupPlanNoteSchema);
export type GroupPlanNoteList = z.infer<typeof groupPlanNoteListSchema>;

/**
 * `POST /group_plan_note/`: the author is the signed-in user. `pupilId` only in a PUPIL category, for a pupil
 * placed in it or in the plan's group.
 */
export const groupPlanNoteCreateSchema = z.object({
  noteCategoryId: idSchema,
  content,
  pupilId: idSchema.nullable().optional(),
});
export type GroupPlanNoteCreate = z.input<typeof groupPlanNoteCreateSchema>;

/** `PATCH /group_plan_note/{id}/`: the given fields change; `date_archived` set archives, null restores. */
export const groupPlanNoteUpdateSchema = z
  .object({
    content: content.optional(),
    date_archived: z.iso.datetime({ offset: true }).nullable().optional(),
  })
  .refine((value) => value.content !== undefined || value.date_archived !== undefined, {
    message: GROUP_PLAN_NOTE_ERRORS.nothingToChange,
  });
export type GroupPlanNoteUpdate = z.input<typeof groupPlanNoteUpdateSchema>;
