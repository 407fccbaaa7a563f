import { z } from 'zod';
import { intParam } from './common';
import { testProviderCodeSchema } from './catalog';
import { momentSchema, personNameSchema } from './results';
import { ALPHABETICAL_LEVELS, ROMAN_LEVELS } from '../scores';

/*
 * Pupils to discuss (leerlingen om te bespreken): the basis of a group meeting. Ours, the specification names no
 * call: `GET /year_classes/{id}/pupils_to_discuss/` and `GET /schools/{id}/pupils_to_discuss/?calendar_year=`.
 *
 * For every subject the server looks at the pupil's counted national results (the provider-priority rule of the
 * results pages) up to the chosen school year; a signal needs the latest of them to lie in that school year or the
 * one before (a meeting in autumn discusses last June's results). The signals:
 *
 * - GROWTH_STALLED: growth stalled over the last two moments: at each of the last two counted results with an
 *   ability score the growth since the result before is less than `stalledGrowthShare` (half) of the norm's expected
 *   growth (the national norm score of the later moment minus that of the earlier one, of the provider, subject and
 *   grade). Where the norm lacks a moment or expects no growth: growth of 0 or less. The three results are of one
 *   provider and test version (else their scales differ). Two steps, not one: a single step's growth is mostly
 *   measurement noise (in the demo one step flags most pupils of a group). Growth and expected growth are compared
 *   as shown, rounded to two decimals.
 * - LEVEL_DROP: the latest counted result with a level is `levelDrop` (two) or more levels below the one before it
 *   (PREVIOUS), or else below the best level of the results from the same moment a school year earlier on
 *   (BEST_OF_YEAR). Levels are compared within one system only: I-V, or A-E of the older (LOVS) tests; the
 *   distance is that of the level values (I..V and A..E map to 5..1).
 * - METHOD_MISMATCH: the subject's method results from the school year of the latest national result with a level
 *   up to the list's school year (at least `methodMinResults`; in autumn the new year has too few) are mostly
 *   (at least `methodMostlyShare`) G while the latest national level counts as low (level value 2 or less: IV, V,
 *   D, E), or mostly O while it counts as good (level value 4 or more: I, II, A, B): the good and low thresholds
 *   of the results pages' level verdict.
 *
 * Only results from grade 3 (GRADE_THRESHOLD, where the results pages start) are looked at, national results from
 * August two school years before the list's (enough for two steps of growth at two moments a year) and method
 * results from August of the school year before.
 *
 * Pupils excluded from national tests are listed too, marked `citoIsExcluded`: they are left out of aggregates,
 * not out of a teacher's attention. A teacher reads only their own groups (the school list holds only their
 * groups' pupils); sencos and superusers the whole school.
 */

export const PUPILS_TO_DISCUSS_RULES = {
  stalledGrowthShare: 0.5,
  levelDrop: 2,
  methodMinResults: 3,
  methodMostlyShare: 2 / 3,
} as const;

export const DISCUSS_REASON_CODES = ['GROWTH_STALLED', 'LEVEL_DROP', 'METHOD_MISMATCH'] as const;
export type DiscussReasonCode = (typeof DISCUSS_REASON_CODES)[number];

export const discussLevelSchema = z.enum([...ROMAN_LEVELS, ...ALPHABETICAL_LEVELS]);
export type DiscussLevel = z.infer<typeof discussLevelSchema>;

/** A counted national result as a reason quotes it. */
const discussMomentSchema = momentSchema.extend({ grade: z.number().int() });

const abilityMomentSchema = discussMomentSchema.extend({ abilityScore: z.number() });

/** One step of growth: from one result to the next. */
export const growthStepSchema = z.object({
  from: abilityMomentSchema,
  to: abilityMomentSchema,
  growth: z.number(),
  /** The norm's growth between the two moments; null when the norm lacks one of them. */
  expectedGrowth: z.number().nullable(),
});
export type GrowthStep = z.infer<typeof growthStepSchema>;

export const growthStalledReasonSchema = z.object({
  code: z.literal('GROWTH_STALLED'),
  subjectId: z.number().int(),
  provider: testProviderCodeSchema,
  /** The last two steps, in time order. */
  steps: z.tuple([growthStepSchema, growthStepSchema]),
});

export const levelDropReasonSchema = z.object({
  code: z.literal('LEVEL_DROP'),
  subjectId: z.number().int(),
  /** PREVIOUS: the result before; BEST_OF_YEAR: the best result from the same moment a year earlier on. */
  comparedWith: z.enum(['PREVIOUS', 'BEST_OF_YEAR']),
  from: discussMomentSchema.extend({ level: discussLevelSchema }),
  to: discussMomentSchema.extend({ level: discussLevelSchema }),
  /** Levels fallen (2 or more). */
  drop: z.number().int(),
});

export const methodMismatchReasonSchema = z.object({
  code: z.literal('METHOD_MISMATCH'),
  subjectId: z.number().int(),
  /** METHOD_HIGHER: mostly G against a low national level; METHOD_LOWER: mostly O against a good one. */
  direction: z.enum(['METHOD_HIGHER', 'METHOD_LOWER']),
  national: discussMomentSchema.extend({ level: discussLevelSchema }),
  letter: z.enum(['G', 'O']),
  /** Method results of the subject (from the national result's school year on) carrying `letter`, of `methodCount`. */
  letterCount: z.number().int(),
  methodCount: z.number().int(),
});

export const discussReasonSchema = z.discriminatedUnion('code', [
  growthStalledReasonSchema,
  levelDropReasonSchema,
  methodMismatchReasonSchema,
]);
export type DiscussReason = z.infer<typeof discussReasonSchema>;

export const pupilToDiscussSchema = personNameSchema.extend({
  id: z.number().int(),
  yearClassId: z.number().int(),
  yearClassName: z.string(),
  grade: z.number().int(),
  citoIsExcluded: z.boolean(),
  /** By subject position, then code. */
  reasons: z.array(discussReasonSchema).min(1),
});
export type PupilToDiscuss = z.infer<typeof pupilToDiscussSchema>;

/** Pupils with at least one signal, by group (grade, name) then pupil name; `pupilCount` is the pupils looked at. */
export const pupilsToDiscussSchema = z.object({
  schoolId: z.number().int(),
  calendarYear: z.number().int(),
  pupilCount: z.number().int(),
  pupils: z.array(pupilToDiscussSchema),
});
export type PupilsToDiscuss = z.infer<typeof pupilsToDiscussSchema>;

export const pupilsToDiscussQuerySchema = z.object({
  calendar_year: intParam(2000, 2100).optional(),
});
