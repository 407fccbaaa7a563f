import type { FastifyInstance } from 'fastify';
import { PLAN_PRINT_MEDIA_TYPE, planReportEndpoints as reports } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { route, signedIn, type CallWith } from '../../platform/routing/index';
import { measurePlanEffect } from './effect-service';
import { authorizedPlan } from './plan-access';
import { printPlan } from './print-service';

/**
 * What a group plan brought about and its printout. Both read pupil data (audited) and are allowed exactly as the
 * plan itself: a group outside a teacher's groups and another school answer 404, restricted users 403. Both are
 * reads, so demo and impersonated sessions may make them (a printout is allowed there, as the specification says).
 */
export async function planReportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const reads = { tags: ['group plans'], access: { auth: 'session', pupilData: 'read' } } as const;
  const policy = (call: CallWith<{ params: { id: number } }>) =>
    authorizedPlan(ctx, signedIn(call), call.input.params.id);

  route(app, reports.effect, { ...reads, policy }, (_call, { plan, facts }) =>
    measurePlanEffect(ctx.db, plan, facts.calendarYear),
  );

  route(app, reports.print, { ...reads, policy }, async (call, allowed) => {
    const { fileName, pdf } = await printPlan(ctx, allowed, {
      omit: call.input.query.omit ?? [],
      lang: call.input.query.lang ?? 'nl',
    });
    // The answer is the PDF itself, sent here; awaited until it has gone out, so the route sends nothing more.
    await call.reply
      .type(PLAN_PRINT_MEDIA_TYPE)
      .header('Content-Disposition', `attachment; filename="${fileName}"`)
      .send(pdf);
    return undefined;
  });
}
