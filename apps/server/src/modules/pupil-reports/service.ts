import { schoolYearOf, type Language } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import type { SchoolAccess } from '../../platform/access/index';
import { notFound } from '../../platform/http-errors';
import { toWinAnsi } from '../plan-reports/index';
import { listNationalScores, listSubjects } from '../scores/index';
import { REPORT_LABELS } from './report-labels';
import { reportSubjects } from './report-model';
import { renderReportPdf } from './report-pdf';
import { findReportFacts, listReportEnrolments } from './repository';

export interface PupilReport {
  fileName: string;
  pdf: Buffer;
}

/** `rapport-<first name>-<last name>.pdf`, ASCII only (safe in a Content-Disposition header). */
function reportFileName(pupil: { firstName: string; lastNamePrefix: string; lastName: string }): string {
  const slug = toWinAnsi([pupil.firstName, pupil.lastNamePrefix, pupil.lastName].join(' '))
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug ? `rapport-${slug}.pdf` : 'rapport.pdf';
}

/**
 * The report of a pupil of the school the route's policy allowed: the school year asked for (by default the pupil's
 * latest at the school, else the current one), its group, and per subject the latest result up to that year.
 */
export async function printPupilReport(
  ctx: AppContext,
  { schoolId }: SchoolAccess,
  pupilId: number,
  options: { calendarYear?: number; lang: Language },
): Promise<PupilReport> {
  const { db } = ctx;
  const facts = await findReportFacts(db, schoolId, pupilId);
  if (!facts) throw notFound();
  const [enrolments, subjects, national] = await Promise.all([
    listReportEnrolments(db, schoolId, pupilId),
    listSubjects(db),
    listNationalScores(db, schoolId, [pupilId]),
  ]);
  const calendarYear = options.calendarYear ?? enrolments.at(-1)?.calendarYear ?? schoolYearOf(ctx.now());
  const group = enrolments.filter((enrolment) => enrolment.calendarYear === calendarYear).at(-1) ?? null;
  const labels = REPORT_LABELS[options.lang];
  const pdf = await renderReportPdf(
    {
      pupil: facts,
      schoolName: facts.schoolName,
      group,
      calendarYear,
      subjects: reportSubjects(subjects, national.scores, calendarYear),
      language: options.lang,
    },
    labels,
    ctx.now(),
  );
  return { fileName: reportFileName(facts), pdf };
}
