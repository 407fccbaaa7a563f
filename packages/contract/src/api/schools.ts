import { z } from 'zod';
import { intParam } from './common';
import { nationalTestSchema, testProviderSchema } from './catalog';

export const schoolClassSchema = z.object({
  yearClassId: z.number().int(),
  yearClassName: z.string(),
  yearClassGrade: z.number().int(),
  /** Grades of a combination group, e.g. [4, 5]; one entry for an ordinary group. */
  grades: z.array(z.number().int()),
  calendarYear: z.number().int(),
  pupilCount: z.number().int(),
  /** A method test score of the group belongs to a method test whose sections carry a goal (test overview). */
  hasGoals: z.boolean(),
});
export type SchoolClass = z.infer<typeof schoolClassSchema>;

export const schoolSchema = z.object({
  id: z.number().int(),
  brinCode: z.string(),
  name: z.string(),
  startYear: z.number().int(),
  payingStatus: z.boolean(),
  isSchoolSuperuser: z.boolean(),
  isConnectionActive: z.boolean(),
  currentSchoolYear: z.number().int(),
  /** The CBS schoolweging (20-40) a superuser entered, for the inspectorate's 1S/2F signaleringswaarde. */
  schoolweging: z.number().nullable(),
  classes: z.array(schoolClassSchema),
  /** Providers of which the school has national results, by priority. */
  testProviders: z.array(testProviderSchema),
  /** National tests of which the school has results. */
  nationalTests: z.array(nationalTestSchema),
});
export type School = z.infer<typeof schoolSchema>;

/** `GET /schools/{id}/?school_year=2024`: the groups of that school year instead of the session's. */
export const schoolQuerySchema = z.object({
  school_year: intParam(2000, 2100).optional(),
});
