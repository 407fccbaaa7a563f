import { z } from 'zod';
import { idParam, idSchema } from './common';
import { nationalNormSchema, subjectSchema } from './catalog';
import { nationalTestExclusionReasonSchema } from './national-test-exclusions';
import {
  methodScoreSchema,
  nationalScoreSchema,
  outflowAdviceSchema,
  personNameSchema,
  pupilApproachSchema,
  scoreNoteSchema,
} from './results';

/** `GET /pupils/{id}/?school_id=` */
export const pupilQuerySchema = z.object({ school_id: idParam });

/** A pupil's enrolment in a group in one school year (its own grade there). */
export const enrolmentSchema = z.object({
  yearClassId: z.number().int(),
  yearClassName: z.string(),
  calendarYear: z.number().int(),
  grade: z.number().int(),
});
export type Enrolment = z.infer<typeof enrolmentSchema>;

/** The pupil's outflow advice; `outflowAdvice` null when none was given yet. */
export const pupilOutflowAdviceSchema = z.object({
  pupilId: z.number().int(),
  outflowAdvice: outflowAdviceSchema.nullable(),
  calendarYear: z.number().int().nullable(),
  finalTestScore: z.number().int().nullable(),
});
export type PupilOutflowAdvice = z.infer<typeof pupilOutflowAdviceSchema>;

/** `POST /pupil-outflow-advice/`: sets (or replaces) the advice of a pupil. */
export const pupilOutflowAdviceInputSchema = z.object({
  pupilId: idSchema,
  outflowAdvice: outflowAdviceSchema,
});
export type PupilOutflowAdviceInput = z.infer<typeof pupilOutflowAdviceInputSchema>;

/**
 * `GET /pupils/{id}/?school_id=`: the pupil's results across all years and providers (ascending by moment; every
 * provider's result, `isCounted` marking the priority one), method scores, notes, approaches, outflow advice and
 * enrolments (ascending). No time window is applied here; the page applies METHOD_WINDOW_MONTHS and
 * NATIONAL_WINDOW_MONTHS. Teachers: only pupils enrolled (in any year) in one of their permitted groups, else 404.
 */
export const pupilDetailSchema = personNameSchema.extend({
  id: z.number().int(),
  schoolId: z.number().int(),
  dateOfBirth: z.string().nullable(),
  citoIsExcluded: z.boolean(),
  /** Why the pupil is excluded from national tests (null when not excluded or not said). */
  citoExclusionReason: nationalTestExclusionReasonSchema.nullable().optional(),
  citoExclusionReasonText: z.string().nullable().optional(),
  showOutflowProfile: z.boolean(),
  isPinned: z.boolean(),
  pinId: z.number().int().nullable(),
  /** The latest enrolment (null when the pupil was never in a group). */
  current: enrolmentSchema.nullable(),
  enrolments: z.array(enrolmentSchema),
  subjects: z.array(subjectSchema),
  scores: z.array(nationalScoreSchema),
  methodScores: z.array(methodScoreSchema),
  scoreNotes: z.array(scoreNoteSchema),
  approaches: z.array(pupilApproachSchema),
  outflowAdvice: pupilOutflowAdviceSchema,
  /** Norms of the providers, grades and moments of `scores` (national-average line). */
  norms: z.array(nationalNormSchema),
});
export type PupilDetail = z.infer<typeof pupilDetailSchema>;

/** `POST /pin_pupil/` (spec name `pupil_id`) → the pin `{ id, pupilId }`; `DELETE /pin_pupil/{id}/` by pin id. */
export const pinPupilInputSchema = z.object({ pupil_id: idSchema });
export const pinSchema = z.object({ id: z.number().int(), pupilId: z.number().int() });
export type Pin = z.infer<typeof pinSchema>;
