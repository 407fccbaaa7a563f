import { z } from 'zod';

/*
 * The inspectorate's open data (`gemiddelde_referentieniveaus_per_school_<years>_Open_data.ods`, sheet `Data`): per
 * school location (`ovt`, BRIN and location: `00AP|C1`) the shares at 1F and 1S/2F of each of three school years,
 * its schoolweging and category, its signaleringswaarden, the weighted three-year shares and the outcome. Provider
 * staff upload it once for all schools (docs/uploads/inspectorate.md); a school superuser may instead enter the
 * schoolweging and signaleringswaarde from the inspectorate's letter.
 */

/** The 19 columns of the `Data` sheet; `<yy>` is a school year written `2223`, and the years shift each edition. */
export const INSPECTORATE_YEAR_COLUMNS = [
  'Gemiddelde %1F',
  'Gemiddelde %1S/2F',
  'Aantal leerlingen',
] as const;
export const INSPECTORATE_COLUMNS = [
  'ovt',
  'Schoolweging',
  'Schoolwegingscategorie',
  'Signaleringswaarde 1F',
  'Signaleringswaarde 1S/2F',
  'Gewogen driejaarsgemiddelde %1F',
  'Gewogen driejaarsgemiddelde %1S/2F',
  'Totaal aantal leerlingen 3 jaar',
  'Uitkomst indicator 1F',
  'Uitkomst indicator 1S/2F',
] as const;
/** The outcome cells as the inspectorate writes them. */
export const INSPECTORATE_OUTCOMES = {
  above: 'Boven de signaleringswaarde',
  below: 'Onder de signaleringswaarde',
} as const;
export const inspectorateOutcomeSchema = z.enum(['above', 'below']);

/** One school year of the inspectorate's row: `calendarYear` is the year the school year starts (`2223`: 2022). */
export const inspectorateYearSchema = z.object({
  calendarYear: z.number().int(),
  share1F: z.number().nullable(),
  shareTarget: z.number().nullable(),
  pupilCount: z.number().int().nullable(),
});
export type InspectorateYear = z.infer<typeof inspectorateYearSchema>;

/** One row of the `Data` sheet as read (empty cells null). */
export const inspectorateFiguresSchema = z.object({
  ovt: z.string(),
  brinCode: z.string(),
  locationCode: z.string(),
  years: z.array(inspectorateYearSchema),
  schoolweging: z.number().nullable(),
  schoolwegingCategory: z.string().nullable(),
  signal1F: z.number().nullable(),
  signalTarget: z.number().nullable(),
  weighted1F: z.number().nullable(),
  weightedTarget: z.number().nullable(),
  totalPupils: z.number().int().nullable(),
  outcome1F: inspectorateOutcomeSchema.nullable(),
  outcomeTarget: inspectorateOutcomeSchema.nullable(),
});
export type InspectorateFigures = z.infer<typeof inspectorateFiguresSchema>;

/** The figures the product keeps for a school: a row of the file, with when it was imported. */
export const publishedFiguresSchema = inspectorateFiguresSchema.extend({ importedAt: z.string() });
export type PublishedFigures = z.infer<typeof publishedFiguresSchema>;

/** multipart/form-data fields beside `file`: apply sends the hash its preview answered. */
export const inspectorateUploadFieldsSchema = z.object({
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
});

export const inspectorateMatchSchema = z.object({
  line: z.number().int(),
  ovt: z.string(),
  schoolId: z.number().int(),
  schoolName: z.string(),
  /** new: the school had no figures for this location; changed: `changedFields` differ; unchanged. */
  status: z.enum(['new', 'changed', 'unchanged']),
  changedFields: z.array(z.string()),
});
export const inspectorateRowErrorSchema = z.object({
  line: z.number().int(),
  column: z.string(),
  value: z.string(),
});

export const inspectoratePreviewSchema = z.object({
  fileName: z.string(),
  sha256: z.string(),
  /** The edition's three school years, from the headers (start years, ascending). */
  calendarYears: z.array(z.number().int()),
  rowCount: z.number().int(),
  matched: z.array(inspectorateMatchSchema),
  /** Rows whose BRIN is no school of the product (most of the country's). */
  unmatchedCount: z.number().int(),
  /** The first unmatched rows, for a look. */
  unmatched: z.array(z.object({ line: z.number().int(), ovt: z.string() })),
  /** Cells that are not a number, a category or an outcome as the inspectorate writes them (read as empty). */
  rowErrors: z.array(inspectorateRowErrorSchema),
});
export type InspectoratePreview = z.infer<typeof inspectoratePreviewSchema>;

export const inspectorateApplyResultSchema = z.object({
  sha256: z.string(),
  calendarYears: z.array(z.number().int()),
  schoolCount: z.number().int(),
  rowCount: z.number().int(),
});
export type InspectorateApplyResult = z.infer<typeof inspectorateApplyResultSchema>;
