import { z } from 'zod';
import { fullName, type PersonName } from '../names';
import { idSchema, intParam, text } from './common';
import { personNameSchema } from './results';

/*
 * Pupils excluded from national tests (spec sections 3 and 4, "National-test blacklist": adding a pupil to it or
 * removing one sets citoIsExcluded). The specification names no call for it; ours:
 * `GET /schools/{id}/national_test_exclusions/?school_year=&search=` and `POST /national_test_exclusions/`.
 * Superusers of the school only.
 */

/** The inspectorate's exemption grounds: recent newcomer (non-Dutch background, under 4 years in NL), special needs with a development perspective, other. */
export const NATIONAL_TEST_EXCLUSION_REASONS = ['NEWCOMER', 'DEVELOPMENT_PERSPECTIVE', 'OTHER'] as const;
export type NationalTestExclusionReason = (typeof NATIONAL_TEST_EXCLUSION_REASONS)[number];
export const nationalTestExclusionReasonSchema = z.enum(NATIONAL_TEST_EXCLUSION_REASONS);
export const EXCLUSION_REASON_TEXT_MAX = 200;

export const EXCLUSION_ERRORS = {
  reasonRequired: 'Choose a reason.',
  reasonTextRequired: 'Describe the reason.',
  notOfSchool: 'Not every pupil belongs to this school.',
} as const;

export const nationalTestExclusionQuerySchema = z.object({
  school_year: intParam(2000, 2100).optional(),
  search: text().trim().max(100).optional(),
});

export const exclusionPupilSchema = personNameSchema.extend({
  id: z.number().int(),
  yearclassId: z.number().int(),
  yearclassName: z.string(),
  grade: z.number().int(),
  citoIsExcluded: z.boolean(),
  reason: nationalTestExclusionReasonSchema.nullable(),
  reasonText: z.string().nullable(),
  /** Who last switched the exclusion on or off, and when; null when never changed in the app. */
  changedBy: personNameSchema.omit({ lastNamePrefix: true }).nullable(),
  changedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ExclusionPupil = z.infer<typeof exclusionPupilSchema>;

export const nationalTestExclusionListSchema = z.object({
  calendarYear: z.number().int(),
  pupils: z.array(exclusionPupilSchema),
});
export type NationalTestExclusionList = z.infer<typeof nationalTestExclusionListSchema>;

export const nationalTestExclusionUpdateSchema = z
  .object({
    schoolId: idSchema,
    pupilIds: z.array(idSchema).min(1).max(2000),
    excluded: z.boolean(),
    reason: nationalTestExclusionReasonSchema.nullish(),
    reasonText: text().trim().max(EXCLUSION_REASON_TEXT_MAX).nullish(),
  })
  .superRefine((value, ctx) => {
    if (!value.excluded) return;
    if (!value.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: EXCLUSION_ERRORS.reasonRequired });
    else if (value.reason === 'OTHER' && !value.reasonText)
      ctx.addIssue({ code: 'custom', path: ['reasonText'], message: EXCLUSION_ERRORS.reasonTextRequired });
  });
export type NationalTestExclusionUpdate = z.input<typeof nationalTestExclusionUpdateSchema>;

export const nationalTestExclusionResultSchema = z.object({ updated: z.number().int() });

/** Whether a pupil matches a search: every word in the full name (first name, particle, surname), case-insensitive. */
export function matchesPupilSearch(name: PersonName, search: string): boolean {
  const haystack = fullName(name).toLocaleLowerCase('nl');
  return search
    .toLocaleLowerCase('nl')
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}
