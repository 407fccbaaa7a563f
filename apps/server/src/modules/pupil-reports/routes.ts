import type { FastifyInstance } from 'fastify';
import { PUPIL_REPORT_MEDIA_TYPE, pupilReportEndpoints as reports } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { authorizePupil } from '../../platform/access/index';
import { route, signedIn } from '../../platform/routing/index';
import { printPupilReport } from './service';

/**
 * The pupil report for parents. Allowed exactly as the pupil page: a pupil of another school (or of the school
 * but never in one of a teacher's permitted groups) answers 404. A read of pupil data (audited); a printout, so
 * demo and impersonated sessions may make it.
 */
export async function pupilReportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  route(
    app,
    reports.report,
    {
      tags: ['pupils'],
      access: { auth: 'session', pupilData: 'read' },
      policy: (call) =>
        authorizePupil(ctx.db, signedIn(call), call.input.params.id, call.input.query.school_id),
    },
    async (call, access) => {
      const { query } = call.input;
      const { fileName, pdf } = await printPupilReport(ctx, access, call.input.params.id, {
        calendarYear: query.calendar_year,
        lang: query.lang ?? 'nl',
      });
      // The answer is the PDF itself, sent here; awaited until it has gone out, so the route sends nothing more.
      await call.reply
        .type(PUPIL_REPORT_MEDIA_TYPE)
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .send(pdf);
      return undefined;
    },
  );
}
