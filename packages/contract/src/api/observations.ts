import { z } from 'zod';
import { NOTE_LIMIT } from '../constants';
import { ATTENTION_REASONS, OBSERVATION_EARLIEST_DATE, RATING_MAX, RATING_MIN } from '../observation-logic';
import { idParam, idSchema, multilineText, text } from './common';
import { personNameSchema } from './results';

/*
 * Social-emotional observations of a pupil: a date, a rating 1-5 per aspect of the school and a note. Confidential
 * observations are read only by their author, sencos and school superusers; users marked restricted read none.
 */

export const ASPECT_NAME_MAX = 100;
export const INSTRUMENT_MAX = 100;
/** Aspects one observation may rate (a school has a handful). */
export const RATINGS_MAX = 50;

/** Messages of the per-field errors, so the web app can map them to its own texts. */
export const OBSERVATION_ERRORS = {
  required: 'Field is required',
  rating: `Enter a whole number from ${RATING_MIN} to ${RATING_MAX}.`,
  noRatings: 'Rate at least one aspect.',
  unknownAspect: 'This aspect does not exist or is archived.',
  duplicateAspect: 'This aspect is rated twice.',
  date: 'Enter a date as YYYY-MM-DD.',
  earlyDate: 'The date cannot be before 2000.',
  futureDate: 'The date cannot be in the future.',
  notEnrolled: 'The pupil is not in a group in the school year of this date.',
  content: `A note can have at most ${NOTE_LIMIT} characters.`,
  duplicateName: 'An aspect with this name already exists.',
  nothingToChange: 'Give at least one field to change.',
  oneOf: 'Give either pupil_id or yearclass_id.',
} as const;

/* ---------- aspects ---------- */

/**
 * An aspect the school rates. `name` is null for a default aspect under its default name: the web shows its own
 * catalogue label for `code` then; a renamed or own aspect (code null) carries its name.
 */
export const socialEmotionalAspectSchema = z.object({
  id: z.number().int(),
  schoolId: z.number().int(),
  code: z.string().nullable(),
  name: z.string().nullable(),
  position: z.number().int(),
  isArchived: z.boolean(),
});
export type SocialEmotionalAspect = z.infer<typeof socialEmotionalAspectSchema>;

/** `GET /social_emotional_aspects/?school_id=`: every aspect of the school, archived ones included, by position. */
export const aspectQuerySchema = z.object({ school_id: idParam });
export const aspectListSchema = z.array(socialEmotionalAspectSchema);

const aspectName = text({ error: OBSERVATION_ERRORS.required })
  .trim()
  .min(1, OBSERVATION_ERRORS.required)
  .max(ASPECT_NAME_MAX);

/** `POST /social_emotional_aspects/`: an own aspect of the school (superusers and sencos). */
export const aspectCreateSchema = z.object({ schoolId: idSchema, name: aspectName });
export type AspectCreate = z.infer<typeof aspectCreateSchema>;

/** `PATCH /social_emotional_aspects/{id}/`: rename, move or (un)archive (superusers and sencos). */
export const aspectUpdateSchema = z
  .object({
    name: aspectName.optional(),
    position: z.number().int().min(0).max(1000).optional(),
    isArchived: z.boolean().optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: OBSERVATION_ERRORS.nothingToChange,
  });
export type AspectUpdate = z.infer<typeof aspectUpdateSchema>;

/* ---------- observations ---------- */

const rating = z
  .number({ error: OBSERVATION_ERRORS.rating })
  .int(OBSERVATION_ERRORS.rating)
  .min(RATING_MIN, OBSERVATION_ERRORS.rating)
  .max(RATING_MAX, OBSERVATION_ERRORS.rating);

/** Ratings by aspect: the key is the aspect's code, or its id written as a string (own aspects have no code). */
const ratings = z
  .record(text().min(1).max(50), rating)
  .refine((value) => Object.keys(value).length > 0, { message: OBSERVATION_ERRORS.noRatings })
  .refine((value) => Object.keys(value).length <= RATINGS_MAX, {
    message: `Rate at most ${RATINGS_MAX} aspects.`,
  });

/** A date 'YYYY-MM-DD' from 2000 on (the server refuses dates after today). */
const observedOn = z.iso
  .date({ error: OBSERVATION_ERRORS.date })
  .refine((value) => value >= OBSERVATION_EARLIEST_DATE, { message: OBSERVATION_ERRORS.earlyDate });

const content = multilineText().max(NOTE_LIMIT, OBSERVATION_ERRORS.content);
const instrument = text().trim().max(INSTRUMENT_MAX).nullable();

/**
 * `POST /social_emotional_observation/`: the observer is the signed-in user; the group and school year follow
 * from the pupil's enrolment in the school year of `observedOn`.
 */
export const observationCreateSchema = z.object({
  pupilId: idSchema,
  observedOn,
  ratings,
  content: content.optional().default(''),
  confidential: z.boolean().optional().default(false),
  /** The instrument or occasion, free text ("Eigen observatie", "Leerlinggesprek"). */
  instrument: instrument.optional().default(null),
});
export type ObservationCreate = z.infer<typeof observationCreateSchema>;

/** `PATCH /social_emotional_observation/{id}/`: the given fields change; `ratings` replaces all ratings. */
export const observationUpdateSchema = z
  .object({
    observedOn: observedOn.optional(),
    ratings: ratings.optional(),
    content: content.optional(),
    confidential: z.boolean().optional(),
    instrument: instrument.optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: OBSERVATION_ERRORS.nothingToChange,
  });
export type ObservationUpdate = z.infer<typeof observationUpdateSchema>;

/** One rating of an observation, with the aspect's code and name as in socialEmotionalAspectSchema. */
export const observationRatingSchema = z.object({
  aspectId: z.number().int(),
  code: z.string().nullable(),
  name: z.string().nullable(),
  rating: z.number().int(),
});

export const socialEmotionalObservationSchema = z.object({
  id: z.number().int(),
  pupilId: z.number().int(),
  yearClassId: z.number().int().nullable(),
  yearClassName: z.string().nullable(),
  calendarYear: z.number().int(),
  observedOn: z.string(),
  instrument: z.string().nullable(),
  /** In the school's aspect order; ratings of aspects the school no longer has are left out. */
  ratings: z.array(observationRatingSchema),
  /** The mean of `ratings` to two decimals (null without ratings). */
  mean: z.number().nullable(),
  content: z.string(),
  confidential: z.boolean(),
  authorId: z.number().int().nullable(),
  /** The observer's full name; empty when the account no longer exists. */
  authorName: z.string(),
  dateCreated: z.string(),
  /** Whether the caller may change or delete it (author, sencos, superusers). */
  canEdit: z.boolean(),
});
export type SocialEmotionalObservation = z.infer<typeof socialEmotionalObservationSchema>;

/** `GET /social_emotional_observation/?pupil_id=` or `?yearclass_id=` (exactly one). */
export const observationQuerySchema = z
  .object({ pupil_id: idParam.optional(), yearclass_id: idParam.optional() })
  .refine((value) => (value.pupil_id === undefined) !== (value.yearclass_id === undefined), {
    message: OBSERVATION_ERRORS.oneOf,
    path: ['pupil_id'],
  });

/** The pupil's observations the caller may read, oldest first (chart and table), with the school's aspects. */
export const pupilObservationsSchema = z.object({
  view: z.literal('pupil'),
  pupilId: z.number().int(),
  aspects: aspectListSchema,
  observations: z.array(socialEmotionalObservationSchema),
});
export type PupilObservations = z.infer<typeof pupilObservationsSchema>;

export const attentionReasonSchema = z.enum(ATTENTION_REASONS);

/**
 * A pupil of the group with their latest observation (of the group's school year or earlier) and whether it asks
 * for attention (attentionReasons in observation-logic.ts): `low_rating`, `mean_drop` since `previousMean`.
 */
export const groupObservationRowSchema = personNameSchema.extend({
  pupilId: z.number().int(),
  latest: socialEmotionalObservationSchema.nullable(),
  previousMean: z.number().nullable(),
  needsAttention: z.boolean(),
  attentionReasons: z.array(attentionReasonSchema),
});
export type GroupObservationRow = z.infer<typeof groupObservationRowSchema>;

/** Every pupil of the group: those needing attention first, then by name (particles ignored). */
export const groupObservationsSchema = z.object({
  view: z.literal('group'),
  yearClassId: z.number().int(),
  aspects: aspectListSchema,
  pupils: z.array(groupObservationRowSchema),
});
export type GroupObservations = z.infer<typeof groupObservationsSchema>;

export const observationListSchema = z.discriminatedUnion('view', [
  pupilObservationsSchema,
  groupObservationsSchema,
]);
export type ObservationList = z.infer<typeof observationListSchema>;
