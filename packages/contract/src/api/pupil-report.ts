import { z } from 'zod';
import { LANGUAGES } from '../constants';
import { idParam, intParam } from './common';

/*
 * The one-page pupil report for a meeting with parents (the results issue: "a printable one-page pupil report, plain
 * language, no jargon"): the pupil, school, group and school year; what the levels mean in words; per subject the
 * latest counted national result of that school year or before, with its level and whether it went up, stayed or
 * went down since the result before it.
 */

/**
 * `GET /pupils/{id}/report/?school_id=&calendar_year=&lang=`: the report as a PDF. `calendar_year` is the school year
 * reported on (its group, and results up to and including it); by default the pupil's latest school year at the
 * school. Labels in Dutch unless `lang=en`.
 */
export const pupilReportQuerySchema = z.object({
  school_id: idParam,
  calendar_year: intParam(2000, 2100).optional(),
  lang: z.enum(LANGUAGES).optional(),
});
export type PupilReportQuery = z.input<typeof pupilReportQuerySchema>;

/** The media type of the report; its body is the PDF itself (no JSON). */
export const PUPIL_REPORT_MEDIA_TYPE = 'application/pdf';

/** How a subject's level moved since the result before the latest: up (towards I), the same, or down. */
export const REPORT_TRENDS = ['up', 'steady', 'down', 'first'] as const;
export type ReportTrend = (typeof REPORT_TRENDS)[number];
