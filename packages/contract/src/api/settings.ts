import { z } from 'zod';
import { text } from './common';
import { DEFAULT_VERDICT_MEASURE, VERDICT_MEASURES } from '../scores';

/**
 * User settings (spec section 3): `GET /user-settings/` (defaults are created on first read),
 * `POST /user-settings/create/` and `PUT /user-settings/update/`. Both writes take any subset of the
 * fields and answer the whole settings object; fields left out keep their value (or default).
 */
export const AGGREGATION_TYPES = ['year', 'moment'] as const;
export type AggregationType = (typeof AGGREGATION_TYPES)[number];

export const userSettingsSchema = z.object({
  showNationalAverage: z.boolean(),
  showBarAverage: z.boolean(),
  aggregationType: z.enum(AGGREGATION_TYPES),
  preferredTestsView: z.string().nullable(),
  /** Which measure gives each result its one verdict (colour): the level or the percentile. */
  verdictMeasure: z.enum(VERDICT_MEASURES),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

export const DEFAULT_USER_SETTINGS: UserSettings = {
  showNationalAverage: true,
  showBarAverage: true,
  aggregationType: 'year',
  preferredTestsView: null,
  verdictMeasure: DEFAULT_VERDICT_MEASURE,
};

export const userSettingsInputSchema = z.object({
  showNationalAverage: z.boolean().optional(),
  showBarAverage: z.boolean().optional(),
  aggregationType: z.enum(AGGREGATION_TYPES).optional(),
  preferredTestsView: text().trim().max(100).nullable().optional(),
  verdictMeasure: z.enum(VERDICT_MEASURES).optional(),
});
export type UserSettingsInput = z.input<typeof userSettingsInputSchema>;
