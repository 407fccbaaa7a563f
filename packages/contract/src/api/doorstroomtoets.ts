import { z } from 'zod';
import { OUTFLOW_ADVICES, REFERENCE_RESULTS } from '../constants';
import { idParam } from './common';

/*
 * The doorstroomtoets (the eindtoets until 2023): taken in groep 8 with one of the admitted tests, it gives per pupil
 * the reference level reached in lezen, taalverzorging and rekenen and a test advice. The inspectorate judges a
 * school's results on these levels (docs: design/domain.md). Entered or corrected by hand on the pupil page.
 */

/** The admitted tests; `OTHER` for any other test the school took. */
export const DOORSTROOMTOETS_TESTS = ['CITO', 'IEP', 'ROUTE8', 'DIA', 'AMN', 'OTHER'] as const;
export type DoorstroomtoetsTest = (typeof DOORSTROOMTOETS_TESTS)[number];

/** The three domains the test reports a reference level for. */
export const DOORSTROOMTOETS_DOMAINS = ['lezen', 'taalverzorging', 'rekenen'] as const;
export type DoorstroomtoetsDomain = (typeof DOORSTROOMTOETS_DOMAINS)[number];

/** The earliest test date accepted (the eindtoets reported reference levels from 2014-15 on). */
export const DOORSTROOMTOETS_EARLIEST_DATE = '2014-01-01';

/** Messages of the per-field errors, so the web app can map them to its own texts. */
export const DOORSTROOMTOETS_ERRORS = {
  test: 'Choose one of the admitted tests.',
  date: 'Enter a date as YYYY-MM-DD.',
  earlyDate: `The date cannot be before ${DOORSTROOMTOETS_EARLIEST_DATE}.`,
  futureDate: 'The date cannot be in the future.',
  level: 'Choose <1F, 1F, 2F or 1S.',
  advice: 'Choose a secondary-school advice.',
} as const;

const level = z.enum(REFERENCE_RESULTS, { error: DOORSTROOMTOETS_ERRORS.level });

/** `POST /pupils/{id}/doorstroomtoets/` and `PUT /pupils/{id}/doorstroomtoets/{resultId}/` (all fields). */
export const doorstroomtoetsInputSchema = z.object({
  test: z.enum(DOORSTROOMTOETS_TESTS, { error: DOORSTROOMTOETS_ERRORS.test }),
  /** 'YYYY-MM-DD'; the school year follows from it (the server refuses dates after today). */
  testDate: z.iso
    .date({ error: DOORSTROOMTOETS_ERRORS.date })
    .refine((value) => value >= DOORSTROOMTOETS_EARLIEST_DATE, { message: DOORSTROOMTOETS_ERRORS.earlyDate }),
  lezen: level,
  taalverzorging: level,
  rekenen: level,
  /** The test's advice; null when the test gave none (yet). */
  advice: z.enum(OUTFLOW_ADVICES, { error: DOORSTROOMTOETS_ERRORS.advice }).nullable(),
});
export type DoorstroomtoetsInput = z.infer<typeof doorstroomtoetsInputSchema>;

/** One result as stored, with who entered and last changed it (user ids; null once the account is gone). */
export const doorstroomtoetsResultSchema = z.object({
  id: z.number().int(),
  pupilId: z.number().int(),
  test: z.enum(DOORSTROOMTOETS_TESTS),
  testDate: z.string(),
  /** The school year of `testDate` (2024 for 2024-2025). */
  calendarYear: z.number().int(),
  lezen: z.enum(REFERENCE_RESULTS),
  taalverzorging: z.enum(REFERENCE_RESULTS),
  rekenen: z.enum(REFERENCE_RESULTS),
  advice: z.enum(OUTFLOW_ADVICES).nullable(),
  createdById: z.number().int().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  changedById: z.number().int().nullable(),
  changedAt: z.iso.datetime({ offset: true }),
});
export type DoorstroomtoetsResult = z.infer<typeof doorstroomtoetsResultSchema>;

/**
 * `GET /pupils/{id}/doorstroomtoets/`: the pupil's results, latest test date first, and whether the caller may
 * enter and correct them (the write routes' policy for this pupil: the web shows the form from it).
 */
export const doorstroomtoetsListSchema = z.object({
  results: z.array(doorstroomtoetsResultSchema),
  abilities: z.object({ write: z.boolean() }),
});
export type DoorstroomtoetsList = z.infer<typeof doorstroomtoetsListSchema>;

export const doorstroomtoetsParamsSchema = z.object({ id: idParam, resultId: idParam });

/**
 * The inspectorate's target level per domain (its 1S/2F indicator): lezen and taalverzorging 2F, rekenen 1S. The
 * inspection counts a result at the target only when it is that level, as it does for the LVS's reference results.
 */
export const DOORSTROOMTOETS_TARGETS = { lezen: '2F', taalverzorging: '2F', rekenen: '1S' } as const;

/** The inspection's subject code of each domain (reading TBL, spelling as taalverzorging SP, mathematics RW). */
export const DOORSTROOMTOETS_SUBJECT_CODES = { lezen: 'TBL', taalverzorging: 'SP', rekenen: 'RW' } as const;
