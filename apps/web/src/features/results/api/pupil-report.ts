import { pupilReportEndpoints, type Language } from '@leerzicht/contract';
import { api } from '../../../lib/api-client';

/** `GET /pupils/{id}/report/`: the pupil report for parents as a PDF, saved by the browser under `fileName`. */
export async function downloadPupilReport(
  input: { pupilId: number; schoolId: number; calendarYear: number | null; lang: Language },
  fileName: string,
) {
  const blob = await api.download(pupilReportEndpoints.report, {
    params: { id: input.pupilId },
    query: {
      school_id: input.schoolId,
      lang: input.lang,
      ...(input.calendarYear === null ? {} : { calendar_year: input.calendarYear }),
    },
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
