import { z } from 'zod';
import { text } from './common';

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
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

export const DEFAULT_USER_SETTINGS: UserSettings = {
  showNationalAverage: true,
  showBarAverage: true,
  aggregationType: 'year',
  preferredTestsView: null,
};

export const userSettingsInputSchema = z.object({
  showNationalAverage: z.boolean().optional(),
  showBarAverage: z.boolean().optional(),
  aggregationType: z.enum(AGGREGATION_TYPES).optional(),
  preferredTestsView: text().trim().max(100).nullable().optional(),
});
export type UserSettingsInput = z.input<typeof userSettingsInputSchema>;
