import { z } from 'zod';
import { idParam } from './common';
import { testProviderCodeSchema } from './catalog';
import { levelCountsSchema, momentSchema } from './results';

/*
 * `GET /schools/{id}/analytics/?subject_id=`: what a director and intern begeleider read on the school page per
 * subject. The same rules as the school history: only the counted result per pupil and moment (provider
 * priority), pupils excluded from national tests left out, a teacher's figures only from their permitted groups
 * at the time of the test.
 */

export const schoolAnalyticsQuerySchema = z.object({
  subject_id: idParam,
});

/** Counts of results per LOVS level A..E (older Cito tests; A highest: 25/25/25/15/10% nationally). */
export const letterCountsSchema = z.object({
  A: z.number().int(),
  B: z.number().int(),
  C: z.number().int(),
  D: z.number().int(),
  E: z.number().int(),
});
export type LetterCounts = z.infer<typeof letterCountsSchema>;

/**
 * One moment of the subject: the counted results per level (I..V of Leerling in beeld and the like, A..E of
 * LOVS) and, against the school's ambition band (percentile scale), how many results with a percentile lie at or
 * above its low and its high score. `atOrAboveLow` / `atOrAboveHigh` are null when the subject has no ambition.
 */
export const analyticsMomentSchema = momentSchema.extend({
  key: z.string(),
  pupilCount: z.number().int(),
  levels: levelCountsSchema,
  letters: letterCountsSchema,
  percentileCount: z.number().int(),
  atOrAboveLow: z.number().int().nullable(),
  atOrAboveHigh: z.number().int().nullable(),
});
export type AnalyticsMoment = z.infer<typeof analyticsMomentSchema>;

/**
 * Growth over one half-year: the same pupils with a counted ability score at both moments (M to E of one school
 * year, or E to M of the next), of one provider and test version. `meanGrowth` is the mean of the pupils' growth;
 * `nationalGrowth` the mean of the norm's growth over the same moments at each pupil's grades (of the
 * `nationalCount` pupils whose norms are both known; null when none). Rounded to 2 decimals.
 */
export const analyticsGrowthSchema = z.object({
  from: momentSchema,
  to: momentSchema,
  provider: testProviderCodeSchema,
  version: z.string(),
  pupilCount: z.number().int(),
  meanGrowth: z.number(),
  nationalGrowth: z.number().nullable(),
  nationalCount: z.number().int(),
});
export type AnalyticsGrowth = z.infer<typeof analyticsGrowthSchema>;

export const schoolAnalyticsSchema = z.object({
  schoolId: z.number().int(),
  subjectId: z.number().int(),
  /** The school's ambition band for the subject (percentile scale), null when none is set. */
  ambition: z.object({ lowScore: z.number(), highScore: z.number() }).nullable(),
  /** Moments with counted results, by year then time (B, M, X, E). */
  moments: z.array(analyticsMomentSchema),
  /** Half-years by their start moment, then provider priority and version. */
  growth: z.array(analyticsGrowthSchema),
});
export type SchoolAnalytics = z.infer<typeof schoolAnalyticsSchema>;

/** The national share of results per level: 20% each for I..V; A..E 25/25/25/15/10 (LOVS). */
export const NATIONAL_LEVEL_SHARES = {
  levels: { I: 20, II: 20, III: 20, IV: 20, V: 20 },
  letters: { A: 25, B: 25, C: 25, D: 15, E: 10 },
} as const;
