import { z } from 'zod';
import { personNameSchema } from './results';

/*
 * The group's test overview (spec section 3, "Group goals": tests, testSections, domains, testTypes): the method
 * tests of the group's school year whose sections map to learning goals, and per pupil the points scored on each
 * section. `GET /year_classes/{id}/goals/` (teachers: permitted groups only, else 404).
 */

/** A method test the group took (a result of the group in its school year) that has sections with a goal. */
export const goalTestSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  methodId: z.number().int(),
  methodName: z.string(),
  subjectId: z.number().int(),
  grade: z.number().int(),
  block: z.number().int(),
  /** The chapter or block the test closes ("Blok 3"), when the method names one. */
  chapter: z.string().nullable(),
  maxScore: z.number().int(),
});
export type GoalTest = z.infer<typeof goalTestSchema>;

/**
 * A section of a test mapped to a goal. `name` and `details` are the section's; the domain is the section's, or its
 * goal's when the section names none. Sections without a goal are left out: they belong to no column.
 */
export const testSectionSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  testId: z.number().int(),
  /** The test type (e.g. "Basisvaardigheden"), null when the section has none. */
  subtypeId: z.number().int().nullable(),
  subtypeName: z.string().nullable(),
  goalId: z.number().int(),
  goalName: z.string(),
  name: z.string(),
  details: z.string(),
  domainId: z.number().int(),
  domainName: z.string(),
  maxScore: z.number().int(),
});
export type TestSection = z.infer<typeof testSectionSchema>;

/** A learning domain of the sections, in the catalogue's order. */
export const goalDomainSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  subjectId: z.number().int(),
});
export type GoalDomain = z.infer<typeof goalDomainSchema>;

/** A test type (section subtype) of the sections. */
export const testTypeSchema = z.object({ id: z.number().int(), name: z.string() });
export type TestType = z.infer<typeof testTypeSchema>;

/** A pupil's points on one section (of the pupil's latest result of that test in the school year). */
export const sectionScoreSchema = z.object({
  testSectionId: z.number().int(),
  score: z.number(),
  maxScore: z.number().int(),
});
export type SectionScore = z.infer<typeof sectionScoreSchema>;

/** A pupil of the group; `scores` holds only the sections the pupil has a result on. */
export const goalPupilSchema = personNameSchema.extend({
  id: z.number().int(),
  grade: z.number().int(),
  scores: z.array(sectionScoreSchema),
});
export type GoalPupil = z.infer<typeof goalPupilSchema>;

/** `GET /year_classes/{id}/goals/`. Lists are in display order: tests, sections, domains, types, pupils by name. */
export const groupGoalsSchema = z.object({
  group: z.object({
    id: z.number().int(),
    schoolId: z.number().int(),
    name: z.string(),
    grade: z.number().int(),
    calendarYear: z.number().int(),
  }),
  tests: z.array(goalTestSchema),
  testSections: z.array(testSectionSchema),
  domains: z.array(goalDomainSchema),
  testTypes: z.array(testTypeSchema),
  /** Sorted by name (particle rule). */
  pupils: z.array(goalPupilSchema),
});
export type GroupGoals = z.infer<typeof groupGoalsSchema>;
