import { z } from 'zod';
import { idParam, pagedSchema, pageQuerySchema, text } from './common';
import { yearTimeSchema } from './catalog';
import { NOTE_CATEGORY_MAX } from './notes';

/*
 * `GET /all_notes?school_id=&yearclass_id=` (spec section 7): every note about a group's pupils in one list, newest
 * first, paged. Five kinds come together: pupil notes, notes on a national or method result, the group's notes on a
 * test moment or a method test, and the note of a social-emotional observation.
 */

export const ALL_NOTE_KINDS = [
  'pupil',
  'cito_score',
  'method_score',
  'test_moment',
  'method_test',
  'social_emotional',
] as const;
export type AllNoteKind = (typeof ALL_NOTE_KINDS)[number];

export const allNotesQuerySchema = pageQuerySchema.extend({
  school_id: idParam,
  yearclass_id: idParam,
  /** A pupil note's category (code or the school's own name), or one of the other kinds. */
  category: text().max(NOTE_CATEGORY_MAX).optional(),
  subject_id: idParam.optional(),
  /** The pupil's notes, and the group notes that name the pupil. */
  pupil_id: idParam.optional(),
  /** Archived pupil notes are left out unless asked for ('true' gives only archived ones, 'all' both). */
  archived: z.enum(['true', 'false', 'all']).optional().default('false'),
});
export type AllNotesQuery = z.input<typeof allNotesQuerySchema>;

const pupilRefSchema = z.object({ id: z.number().int(), name: z.string() });

export const allNoteSchema = z.object({
  kind: z.enum(ALL_NOTE_KINDS),
  /** The id in the kind's own table (a pupil note, a score note, a group note or an observation). */
  id: z.number().int(),
  /** The pupil note's category; for the other kinds the kind itself. */
  category: z.string(),
  content: z.string(),
  /** The forward-looking note of a national result. */
  forwardLooking: z.string().nullable(),
  confidential: z.boolean(),
  dateArchived: z.string().nullable(),
  /** The pupil the note is about; null for a group note (see relatedPupils). */
  pupil: pupilRefSchema.nullable(),
  /** The pupils a test-moment note names. */
  relatedPupils: z.array(pupilRefSchema),
  subjectId: z.number().int().nullable(),
  /** The school year (first calendar year) and moment of the result or test moment. */
  calendarYear: z.number().int().nullable(),
  yearTime: yearTimeSchema.nullable(),
  /** The national or method test the note is about. */
  testName: z.string().nullable(),
  authorName: z.string(),
  dateCreated: z.string(),
  dateChanged: z.string(),
  /** Whether the caller may change or delete it where it is kept (its author, sencos and superusers). */
  canEdit: z.boolean(),
});
export type AllNote = z.infer<typeof allNoteSchema>;

export const allNotesListSchema = pagedSchema(allNoteSchema);
export type AllNotesList = z.infer<typeof allNotesListSchema>;
