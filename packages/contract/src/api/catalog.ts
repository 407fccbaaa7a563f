import { z } from 'zod';
import { SUBJECT_CODES, TEST_PROVIDERS, YEAR_TIMES } from '../constants';

/*
 * The global test catalogue: `GET /subjects/`, `GET /test-providers/`, `GET /national-tests/`, `GET /methods/`.
 * Small, global lists: plain arrays, not paged.
 */

export const subjectCodeSchema = z.enum(SUBJECT_CODES);
export const testProviderCodeSchema = z.enum(TEST_PROVIDERS);
export const yearTimeSchema = z.enum(YEAR_TIMES);

/** A subject; lists are ordered by `position`. `name` is the Dutch name. */
export const subjectSchema = z.object({
  id: z.number().int(),
  code: subjectCodeSchema,
  name: z.string(),
  nameNl: z.string(),
  nameEn: z.string(),
  position: z.number().int(),
  isPreschool: z.boolean(),
});
export type Subject = z.infer<typeof subjectSchema>;
export const subjectListSchema = z.array(subjectSchema);

/** A national-test provider; lower `priority` wins where a pupil has results of several (CITO 1, DIA 2, IEP 3). */
export const testProviderSchema = z.object({
  id: z.number().int(),
  code: testProviderCodeSchema,
  name: z.string(),
  priority: z.number().int(),
});
export type TestProvider = z.infer<typeof testProviderSchema>;
export const testProviderListSchema = z.array(testProviderSchema);

/** A national test of a provider for one subject and a range of grades (`yearTime` set when one moment only). */
export const nationalTestSchema = z.object({
  id: z.number().int(),
  providerId: z.number().int(),
  providerCode: testProviderCodeSchema,
  subjectId: z.number().int(),
  code: z.string(),
  name: z.string(),
  version: z.string(),
  gradeFrom: z.number().int(),
  gradeTo: z.number().int(),
  yearTime: yearTimeSchema.nullable(),
});
export type NationalTest = z.infer<typeof nationalTestSchema>;
export const nationalTestListSchema = z.array(nationalTestSchema);

/** One test of a teaching method, per grade and block; ordered by grade, block, position. */
export const methodTestSchema = z.object({
  id: z.number().int(),
  methodId: z.number().int(),
  subjectId: z.number().int(),
  name: z.string(),
  grade: z.number().int(),
  block: z.number().int(),
  chapter: z.string().nullable(),
  position: z.number().int(),
  maxScore: z.number().int(),
});
export type MethodTest = z.infer<typeof methodTestSchema>;

/** A teaching method (lesmethode) with its tests. */
export const methodSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  subjectId: z.number().int(),
  publisher: z.string().nullable(),
  tests: z.array(methodTestSchema),
});
export type Method = z.infer<typeof methodSchema>;
export const methodListSchema = z.array(methodSchema);

/**
 * The national average ability score (the norm, on the provider's scale) of a subject at a grade and moment.
 * The demo data's norms are SYNTHETIC curves; real scales are not public.
 */
export const nationalNormSchema = z.object({
  providerId: z.number().int(),
  subjectId: z.number().int(),
  grade: z.number().int(),
  yearTime: yearTimeSchema,
  abilityScore: z.number(),
  /** Standard deviation of the norm group's ability scores (for drawing the verdict thresholds). */
  abilitySd: z.number().nullable(),
});
export type NationalNorm = z.infer<typeof nationalNormSchema>;
