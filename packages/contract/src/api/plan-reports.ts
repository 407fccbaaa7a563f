import { z } from 'zod';
import { APPROACHES, LANGUAGES } from '../constants';
import { ROMAN_LEVELS } from '../scores';
import { testProviderCodeSchema, yearTimeSchema } from './catalog';

/*
 * What a group plan brought about and its printout (the group plans issue: "did the intervention work" and the
 * server-side PDF).
 *
 * The measured effect compares, per pupil of the plan's group, the last counted national result of the plan's
 * subject on or before the plan's start date with the first counted result after its end date (counted: the
 * provider that counts for the pupil, subject and moment; only results with an ability score). Growth is read only
 * within one provider and test version (scales differ between them); pupils excluded from national tests are left
 * out. Beside it the national growth over the same moments: the norm ability score of the provider, grade and
 * moment of the later result minus that of the earlier one.
 */

/** Whether the plan could be measured: a period, and results after it. */
export const PLAN_EFFECT_STATUSES = [
  /** At least one pupil measured. */
  'measured',
  /** The plan has no start date: there is no "before". */
  'noStartDate',
  /** The plan has no end date: there is no "after" yet. */
  'noEndDate',
  /** No pupil of the group has a usable pair of results around the period (yet). */
  'noResults',
] as const;
export type PlanEffectStatus = (typeof PLAN_EFFECT_STATUSES)[number];

/** Why a pupil was measured or not, in this order of precedence. */
export const PUPIL_EFFECT_STATUSES = [
  /** Excluded from national tests (left out of every aggregate). */
  'excluded',
  /** No counted result with an ability score on or before the start date. */
  'noResultBefore',
  /** No counted result with an ability score after the end date (yet). */
  'noResultAfter',
  /** The two results are of another provider or test version: their scales differ. */
  'testChanged',
  'measured',
] as const;
export type PupilEffectStatus = (typeof PUPIL_EFFECT_STATUSES)[number];

/** A pupil's level I..V moved up (towards I), stayed or moved down. */
export const LEVEL_CHANGES = ['up', 'same', 'down'] as const;
export type LevelChange = (typeof LEVEL_CHANGES)[number];

const count = z.number().int().min(0);

/** A national moment: school year, time in the year and the pupil's grade then ("M5": middle of grade 5). */
export const effectMomentSchema = z.object({
  calendarYear: z.number().int(),
  yearTime: yearTimeSchema,
  grade: z.number().int(),
});
export type EffectMoment = z.infer<typeof effectMomentSchema>;

/** One of the two results a pupil's growth is read from. */
export const effectResultSchema = effectMomentSchema.extend({
  provider: testProviderCodeSchema,
  testVersion: z.string(),
  testDate: z.string().nullable(),
  abilityScore: z.number(),
  roman: z.enum(ROMAN_LEVELS).nullable(),
  /** The norm ability score of the provider, subject, grade and moment; null where the catalogue has none. */
  nationalAbilityScore: z.number().nullable(),
});
export type EffectResult = z.infer<typeof effectResultSchema>;

export const pupilEffectSchema = z.object({
  pupilId: z.number().int(),
  /** The pupil's instruction group for the subject in the group's school year ('undefined' when none). */
  approach: z.enum(APPROACHES),
  status: z.enum(PUPIL_EFFECT_STATUSES),
  before: effectResultSchema.nullable(),
  after: effectResultSchema.nullable(),
  /** After minus before, measured pupils only. */
  growth: z.number().nullable(),
  /** Norm after minus norm before, measured pupils with both norms only. */
  nationalGrowth: z.number().nullable(),
  /** Measured pupils with a level at both moments only. */
  levelChange: z.enum(LEVEL_CHANGES).nullable(),
});
export type PupilEffect = z.infer<typeof pupilEffectSchema>;

/** The figures of a set of pupils (an instruction group, or the whole group). */
export const effectFiguresSchema = z.object({
  /** Pupils of the group in this set, measured or not. */
  pupilCount: count,
  /** Pupils with growth. */
  measuredCount: count,
  /** Mean growth of the measured pupils (2 decimals); null when none. */
  meanGrowth: z.number().nullable(),
  /** Mean national growth over the same moments, of the measured pupils with both norms (2 decimals). */
  nationalGrowth: z.number().nullable(),
  /** Measured pupils with both norms: those nationalGrowth is the mean of. */
  nationalCount: count,
  /** Level changes of the measured pupils with a level at both moments. */
  levels: z.object({ up: count, same: count, down: count }),
  /** Pupils not measured, by reason. */
  notMeasured: z.object({
    excluded: count,
    noResultBefore: count,
    noResultAfter: count,
    testChanged: count,
  }),
});
export type EffectFigures = z.infer<typeof effectFiguresSchema>;

export const instructionGroupEffectSchema = effectFiguresSchema.extend({ approach: z.enum(APPROACHES) });
export type InstructionGroupEffect = z.infer<typeof instructionGroupEffectSchema>;

/** A pair of moments growth was read between, of one provider and test version, with its measured pupils. */
export const effectMomentPairSchema = z.object({
  from: effectMomentSchema,
  to: effectMomentSchema,
  provider: testProviderCodeSchema,
  testVersion: z.string(),
  pupilCount: count,
});
export type EffectMomentPair = z.infer<typeof effectMomentPairSchema>;

/**
 * `GET /group_plans/{id}/effect/`: the measured effect of a plan per instruction group (enriched, basic, intensive,
 * then 'undefined' for pupils without one; only those with pupils), for the whole group, the moments used and each
 * pupil's figures.
 */
export const planEffectSchema = z.object({
  planId: z.number().int(),
  subjectId: z.number().int(),
  yearclassId: z.number().int(),
  /** The group's school year: the year of the instruction groups. */
  calendarYear: z.number().int(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  status: z.enum(PLAN_EFFECT_STATUSES),
  groups: z.array(instructionGroupEffectSchema),
  total: effectFiguresSchema,
  moments: z.array(effectMomentPairSchema),
  pupils: z.array(pupilEffectSchema),
});
export type PlanEffect = z.infer<typeof planEffectSchema>;

/* ---------- printout ---------- */

/** The sections of a printout that can be left out; the header (plan, group, subject, period, school) always prints. */
export const PRINT_SECTIONS = ['group', 'instruction', 'pupil', 'evaluation', 'effect'] as const;
export type PrintSection = (typeof PRINT_SECTIONS)[number];

const printSection = z.enum(PRINT_SECTIONS);

/**
 * `GET /group_plans/{id}/print/?omit=pupil&omit=effect&lang=en`: the plan as a PDF without the omitted sections
 * (`omit=a&omit=b` and `omit[]=a` both read as a list), labels in Dutch unless `lang=en`.
 */
export const planPrintQuerySchema = z.object({
  omit: z
    .union([printSection, z.array(printSection).max(PRINT_SECTIONS.length * 2)])
    .transform((value) => [...new Set(Array.isArray(value) ? value : [value])])
    .optional(),
  lang: z.enum(LANGUAGES).optional(),
});
export type PlanPrintQuery = z.input<typeof planPrintQuerySchema>;

/** The media type of the printout; its body is the PDF itself (no JSON). */
export const PLAN_PRINT_MEDIA_TYPE = 'application/pdf';
