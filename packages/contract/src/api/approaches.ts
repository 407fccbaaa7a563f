import { z } from 'zod';
import { DEFAULT_ENRICHED_FROM, DEFAULT_INTENSIVE_FROM } from '../approach-logic';
import { ROMAN_LEVELS } from '../scores';
import { testProviderCodeSchema, yearTimeSchema } from './catalog';
import { idParam, idSchema } from './common';
import { approachSchema, personNameSchema } from './results';

/*
 * Instruction groups (pupil approaches): per pupil, subject and school year one of enriched, basic, intensive
 * (a pupil without one is 'undefined'). Every change is logged. Superusers and sencos work on the whole school,
 * teachers on their permitted groups.
 */

/** Changes one batch may carry (a large group). */
export const APPROACH_BATCH_MAX = 200;

export const APPROACH_ERRORS = {
  oneOf: 'Give either pupil_id, or yearclass_id and subject_id.',
  unknownSubject: 'This subject does not exist.',
  notInGroup: 'The pupil is not in this group.',
  duplicatePupil: 'This pupil appears twice.',
  levelOrder: 'The enriched level must be higher than the intensive level.',
} as const;

/**
 * `GET /pupil_approaches/?pupil_id=` (all of the pupil's approaches, newest school year first) or
 * `?yearclass_id=&subject_id=` (every pupil of the group for the subject and the group's school year, in approach
 * order enriched, basic, intensive, undefined, then by name).
 */
export const approachQuerySchema = z
  .object({
    pupil_id: idParam.optional(),
    yearclass_id: idParam.optional(),
    subject_id: idParam.optional(),
  })
  .superRefine((value, context) => {
    const byGroup = value.yearclass_id !== undefined || value.subject_id !== undefined;
    const field =
      value.pupil_id !== undefined
        ? byGroup
          ? 'pupil_id'
          : null
        : !byGroup
          ? 'pupil_id'
          : value.yearclass_id === undefined
            ? 'yearclass_id'
            : value.subject_id === undefined
              ? 'subject_id'
              : null;
    if (field) context.addIssue({ code: 'custom', message: APPROACH_ERRORS.oneOf, path: [field] });
  });

/** A pupil's approach for a subject in a school year; `dateChanged` and `changedByName` null without a row. */
export const pupilApproachRowSchema = personNameSchema.extend({
  pupilId: z.number().int(),
  subjectId: z.number().int(),
  calendarYear: z.number().int(),
  approach: approachSchema,
  yearclassId: z.number().int().nullable(),
  yearclassName: z.string().nullable(),
  dateChanged: z.string().nullable(),
  changedByName: z.string().nullable(),
});
export type PupilApproachRow = z.infer<typeof pupilApproachRowSchema>;
export const pupilApproachListSchema = z.array(pupilApproachRowSchema);

/**
 * `POST /pupil_approaches/`: sets the pupil's approach for the subject in the group's school year and logs the
 * change; setting the current approach again changes and logs nothing.
 */
export const setApproachSchema = z.object({
  pupilId: idSchema,
  subjectId: idSchema,
  yearclassId: idSchema,
  approach: approachSchema,
});
export type SetApproach = z.infer<typeof setApproachSchema>;

/** `POST /pupil_approaches/batch/`: several pupils of one group and subject at once, in one transaction. */
export const approachBatchSchema = z
  .object({
    yearclassId: idSchema,
    subjectId: idSchema,
    approaches: z
      .array(z.object({ pupilId: idSchema, approach: approachSchema }))
      .min(1)
      .max(APPROACH_BATCH_MAX),
  })
  .superRefine((value, context) => {
    const seen = new Set<number>();
    value.approaches.forEach(({ pupilId }, index) => {
      if (seen.has(pupilId))
        context.addIssue({
          code: 'custom',
          message: APPROACH_ERRORS.duplicatePupil,
          path: ['approaches', index, 'pupilId'],
        });
      seen.add(pupilId);
    });
  });
export type ApproachBatch = z.infer<typeof approachBatchSchema>;

/** The group's pupils after a batch, and how many approaches changed (each change was logged). */
export const approachBatchResultSchema = z.object({
  changedCount: z.number().int(),
  approaches: pupilApproachListSchema,
});
export type ApproachBatchResult = z.infer<typeof approachBatchResultSchema>;

/** `GET /pupil_approach_logs/get_approach_logs_for_pupil/?pupil_id=`: every change, newest first. */
export const approachLogQuerySchema = z.object({ pupil_id: idParam });
export const approachLogSchema = z.object({
  id: z.number().int(),
  pupilId: z.number().int(),
  schoolYear: z.number().int(),
  subjectId: z.number().int(),
  yearclassId: z.number().int().nullable(),
  yearclassName: z.string().nullable(),
  approach: approachSchema,
  /** Empty when the account no longer exists. */
  changedByName: z.string(),
  date: z.string(),
});
export type ApproachLog = z.infer<typeof approachLogSchema>;
export const approachLogListSchema = z.array(approachLogSchema);

const romanLevelSchema = z.enum(ROMAN_LEVELS);

/**
 * `GET /pupil_approaches/suggestion/?yearclass_id=&subject_id=&enriched_from=II&intensive_from=IV`: a proposal
 * from each pupil's latest counted national result of the subject with a level (I..V; A..E results by their level
 * value), up to the group's school year: levels I..enriched_from enriched, intensive_from..V intensive, the rest
 * basic. A pupil without such a result keeps the current approach. Nothing is changed.
 */
export const approachSuggestionQuerySchema = z
  .object({
    yearclass_id: idParam,
    subject_id: idParam,
    enriched_from: romanLevelSchema.default(DEFAULT_ENRICHED_FROM),
    intensive_from: romanLevelSchema.default(DEFAULT_INTENSIVE_FROM),
  })
  .refine((value) => ROMAN_LEVELS.indexOf(value.enriched_from) < ROMAN_LEVELS.indexOf(value.intensive_from), {
    message: APPROACH_ERRORS.levelOrder,
    path: ['enriched_from'],
  });

/** The result a suggestion rests on. */
export const suggestionBasisSchema = z.object({
  scoreId: z.number().int(),
  provider: testProviderCodeSchema,
  calendarYear: z.number().int(),
  yearTime: yearTimeSchema,
  level: romanLevelSchema,
});

export const approachSuggestionRowSchema = personNameSchema.extend({
  pupilId: z.number().int(),
  currentApproach: approachSchema,
  suggestedApproach: approachSchema,
  /** null: no counted result with a level; the suggestion is the current approach. */
  basedOn: suggestionBasisSchema.nullable(),
});
export type ApproachSuggestionRow = z.infer<typeof approachSuggestionRowSchema>;

/** Pupils in order of the suggested approach, then by name. */
export const approachSuggestionSchema = z.object({
  yearclassId: z.number().int(),
  subjectId: z.number().int(),
  calendarYear: z.number().int(),
  enrichedFrom: romanLevelSchema,
  intensiveFrom: romanLevelSchema,
  pupils: z.array(approachSuggestionRowSchema),
});
export type ApproachSuggestion = z.infer<typeof approachSuggestionSchema>;
