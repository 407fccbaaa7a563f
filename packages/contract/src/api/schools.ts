import { z } from 'zod';

export const schoolClassSchema = z.object({
  yearClassId: z.number().int(),
  yearClassName: z.string(),
  yearClassGrade: z.number().int(),
  /** Grades of a combination group, e.g. [4, 5]; one entry for an ordinary group. */
  grades: z.array(z.number().int()),
  calendarYear: z.number().int(),
  pupilCount: z.number().int(),
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
  classes: z.array(schoolClassSchema),
});
export type School = z.infer<typeof schoolSchema>;
