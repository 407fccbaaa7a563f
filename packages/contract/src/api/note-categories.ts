import { z } from 'zod';
import { NOTE_LAYERS } from '../constants';
import { idParam, idSchema, text } from './common';
import { groupPlanNoteSchema } from './group-plan-notes';
import { NOTE_ERRORS } from './notes';
import { personNameSchema } from './results';

/*
 * Note categories (spec section 3, "Note category"): the tree of a group plan, each node in one of the layers
 * GROUP, INSTRUCTION, PUPIL (children share their parent's layer), at a position among its siblings (dense:
 * 0 … n-1, archived siblings included, so that restoring puts a category back where it was). Categories without
 * a plan form a school's own list. An archived category's whole subtree is archived. Field names as the
 * specification writes them: snake_case for the category's fields, `schoolId` in the second create form.
 */

export const NOTE_CATEGORY_NAME_MAX = 100;
/** The largest position a request may ask for (the server puts a category at the end when asked for more). */
export const NOTE_CATEGORY_POSITION_MAX = 10_000;
/** What `include[]` may add to each category: its active notes, the pupils placed in it. */
export const NOTE_CATEGORY_INCLUDES = ['notes', 'pupils'] as const;
export type NoteCategoryInclude = (typeof NOTE_CATEGORY_INCLUDES)[number];

/** Messages of the per-field errors, so the web app can show them in its own words. */
export const NOTE_CATEGORY_ERRORS = {
  required: NOTE_ERRORS.required,
  nameTooLong: `A name can have at most ${NOTE_CATEGORY_NAME_MAX} characters.`,
  layer: `Choose one of the layers ${NOTE_LAYERS.join(', ')}.`,
  scopeRequired: 'Give group_plan_id or schoolId.',
  filterRequired: 'Give group_plan_id or school_id.',
  planOfOtherSchool: 'This group plan does not belong to this school.',
  parentElsewhere: 'The parent category must belong to the same group plan (or the same school list).',
  parentLayer: 'A category has the layer of its parent.',
  parentArchived: 'The parent category is archived: restore it first.',
  cycle: 'A category cannot be moved into itself or one of its own subcategories (cycle).',
  ancestorArchived: 'A parent of this category is archived: restore that one first.',
  nothingToChange: 'Give at least one field to change.',
  hasNotes:
    'This category or one of its subcategories holds notes: archive it instead, or delete the notes first.',
} as const;

const name = text({ error: NOTE_CATEGORY_ERRORS.required })
  .trim()
  .min(1, NOTE_CATEGORY_ERRORS.required)
  .max(NOTE_CATEGORY_NAME_MAX, NOTE_CATEGORY_ERRORS.nameTooLong);
const layer = z.enum(NOTE_LAYERS, {
  error: (issue) => (issue.input === undefined ? NOTE_CATEGORY_ERRORS.required : NOTE_CATEGORY_ERRORS.layer),
});
const position = z.number().int().min(0).max(NOTE_CATEGORY_POSITION_MAX);

/** A pupil placed in the category (`include[]=pupils`), in the order of the placements. */
export const noteCategoryPupilSchema = personNameSchema.extend({
  /** The placement (a pupil note category link). */
  linkId: z.number().int(),
  pupilId: z.number().int(),
  position: z.number().int(),
});
export type NoteCategoryPupil = z.infer<typeof noteCategoryPupilSchema>;

export const noteCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  parent_note_category_id: z.number().int().nullable(),
  position: z.number().int(),
  layer: z.enum(NOTE_LAYERS),
  /** null: a category of the school's own list. */
  group_plan_id: z.number().int().nullable(),
  is_archived: z.boolean(),
  date_created: z.string(),
  date_changed: z.string(),
  schoolId: z.number().int(),
  /** Who made it (the `user` filter); null when unknown or the account is gone. */
  createdBy: z.number().int().nullable(),
  /** With `include[]=notes`: the category's active notes, newest first. */
  notes: z.array(groupPlanNoteSchema).optional(),
  /** With `include[]=pupils`: the pupils placed in it, by position. */
  pupils: z.array(noteCategoryPupilSchema).optional(),
});
export type NoteCategory = z.infer<typeof noteCategorySchema>;
export const noteCategoryListSchema = z.array(noteCategorySchema);

const includeValue = z.enum(NOTE_CATEGORY_INCLUDES);

/**
 * `GET /note_categories/`: the categories of a plan (`group_plan_id`) or of the school's own list (`school_id`
 * without `group_plan_id`), by parent (roots first) then position. Every filter given narrows: `layer`; `parent`
 * (a category id, or `null` for the roots); `user` (who made it); `pupil` (categories the pupil is placed in);
 * `is_archived`. `distinct_by=name` gives one row per name (the most recently changed) over every category of the
 * school the caller reads, its earlier plans and its own list, by name: the suggestions for a new category.
 * `include[]=notes` and `include[]=pupils` add the active notes and the placed pupils to each row.
 */
export const noteCategoryQuerySchema = z
  .object({
    group_plan_id: idParam.optional(),
    school_id: idParam.optional(),
    layer: z.enum(NOTE_LAYERS).optional(),
    parent: z.union([z.literal('null').transform(() => null), idParam]).optional(),
    user: idParam.optional(),
    pupil: idParam.optional(),
    distinct_by: z.enum(['name']).optional(),
    include: z
      .union([includeValue, z.array(includeValue).max(NOTE_CATEGORY_INCLUDES.length * 2)])
      .transform((value) => [...new Set(Array.isArray(value) ? value : [value])])
      .optional(),
    is_archived: z.enum(['true', 'false']).optional(),
  })
  .refine((value) => value.group_plan_id !== undefined || value.school_id !== undefined, {
    message: NOTE_CATEGORY_ERRORS.filterRequired,
  });
export type NoteCategoryQuery = z.input<typeof noteCategoryQuerySchema>;

/**
 * `POST /note_categories/`, two forms: in a plan (`layer, group_plan_id, parent_note_category_id, name, position`)
 * or in the school's own list (`name, layer, schoolId`, and a parent of that list if wanted). Without a position
 * the category goes at the end of its siblings. A parent must be of the same plan (or list) and layer.
 */
export const noteCategoryCreateSchema = z
  .object({
    name,
    layer,
    group_plan_id: idSchema.optional(),
    schoolId: idSchema.optional(),
    parent_note_category_id: idSchema.nullable().optional(),
    position: position.optional(),
  })
  .refine((value) => value.group_plan_id !== undefined || value.schoolId !== undefined, {
    message: NOTE_CATEGORY_ERRORS.scopeRequired,
    path: ['group_plan_id'],
  });
export type NoteCategoryCreate = z.input<typeof noteCategoryCreateSchema>;

/**
 * `PATCH /note_categories/{id}/`: rename; move (`parent_note_category_id`: another category of the same plan and
 * layer, or null for a root; `position` among the new siblings, else the end, or among the same siblings);
 * archive or restore with the whole subtree (`is_archived`). Siblings close ranks behind a moved category.
 */
export const noteCategoryUpdateSchema = z
  .object({
    name: name.optional(),
    position: position.optional(),
    parent_note_category_id: idSchema.nullable().optional(),
    is_archived: z.boolean().optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: NOTE_CATEGORY_ERRORS.nothingToChange,
  });
export type NoteCategoryUpdate = z.input<typeof noteCategoryUpdateSchema>;
