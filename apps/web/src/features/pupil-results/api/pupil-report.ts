import { pupilReportEndpoints, type Language } from '@leerzicht/contract';
import { api } from '../../../lib/api-client';

/** `GET /pupils/{id}/report/`: the pupil report for parents as a PDF, saved under the server's file name. */
export function downloadPupilReport(
  input: { pupilId: number; schoolId: number; calendarYear: number | null; lang: Language },
  fileName: string,
) {
  return api.download(
    pupilReportEndpoints.report,
    {
      params: { id: input.pupilId },
      query: {
        school_id: input.schoolId,
        lang: input.lang,
        ...(input.calendarYear === null ? {} : { calendar_year: input.calendarYear }),
      },
    },
    { fileName },
  );
}
