import { z } from 'zod';
import { NOTE_LAYERS } from '../constants';
import { idParam, idSchema } from './common';
import { personNameSchema } from './results';

/*
 * Pupil note category links (spec section 3, "Pupil note category link"): a pupil placed in a note category of
 * layer PUPIL or INSTRUCTION (an instruction group of a group plan, or a category of the school's own list), at a
 * position. Positions are dense within a category: 0 … n-1.
 */

/** The layers a pupil can be placed in. */
export const PUPIL_LINK_LAYERS = ['INSTRUCTION', 'PUPIL'] as const;

/** The largest position a request may ask for (the server puts a link at the end when asked for more). */
export const PUPIL_LINK_POSITION_MAX = 10_000;

/** Messages of the per-field errors, so the web app can show them in its own words. */
export const PUPIL_NOTE_CATEGORY_ERRORS = {
  filterRequired: 'Give note_category_id, group_plan_id or pupil_id.',
  nothingToChange: 'Give at least one field to change.',
  wrongLayer: 'Pupils can only be placed in a category of layer PUPIL or INSTRUCTION.',
  otherPlan: 'This category does not belong to the same group plan.',
  unknownPupil: 'This pupil does not exist at the school of the category.',
  alreadyLinked: 'This pupil is already in this category.',
} as const;

const position = z.number().int().min(0).max(PUPIL_LINK_POSITION_MAX);

export const pupilNoteCategoryLinkSchema = personNameSchema.extend({
  id: z.number().int(),
  pupilId: z.number().int(),
  noteCategoryId: z.number().int(),
  position: z.number().int(),
  noteCategory: z.object({
    id: z.number().int(),
    name: z.string(),
    layer: z.enum(NOTE_LAYERS),
    groupPlanId: z.number().int().nullable(),
  }),
  dateCreated: z.string(),
  dateChanged: z.string(),
});
export type PupilNoteCategoryLink = z.infer<typeof pupilNoteCategoryLinkSchema>;

/**
 * `GET /pupil_note_categories/?note_category_id=&group_plan_id=&pupil_id=`: the links matching every filter given
 * (at least one), by note category (id) then position. Teachers see only links in plans of their permitted groups
 * and of pupils they read.
 */
export const pupilNoteCategoryQuerySchema = z
  .object({
    note_category_id: idParam.optional(),
    group_plan_id: idParam.optional(),
    pupil_id: idParam.optional(),
  })
  .refine(
    (value) =>
      value.note_category_id !== undefined ||
      value.group_plan_id !== undefined ||
      value.pupil_id !== undefined,
    { message: PUPIL_NOTE_CATEGORY_ERRORS.filterRequired },
  );
export type PupilNoteCategoryQuery = z.input<typeof pupilNoteCategoryQuerySchema>;
export const pupilNoteCategoryLinkListSchema = z.array(pupilNoteCategoryLinkSchema);

/** `POST /pupil_note_categories/`: without a position the pupil goes at the end of the category. */
export const pupilNoteCategoryCreateSchema = z.object({
  pupilId: idSchema,
  noteCategoryId: idSchema,
  position: position.optional(),
});
export type PupilNoteCategoryCreate = z.input<typeof pupilNoteCategoryCreateSchema>;

/**
 * `PATCH /pupil_note_categories/{id}`: a new position in its category, or another category of the same plan (at
 * `position`, else at the end); the other links of both categories close ranks.
 */
export const pupilNoteCategoryUpdateSchema = z
  .object({ position: position.optional(), noteCategoryId: idSchema.optional() })
  .refine((value) => value.position !== undefined || value.noteCategoryId !== undefined, {
    message: PUPIL_NOTE_CATEGORY_ERRORS.nothingToChange,
  });
export type PupilNoteCategoryUpdate = z.input<typeof pupilNoteCategoryUpdateSchema>;
