import type { FastifyInstance } from 'fastify';
import { subjectTrendEndpoints as endpoints } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { authorizeSchool } from '../../platform/access/index';
import { route, signedIn, type CallWith } from '../../platform/routing/index';
import { canReadSchoolResults } from './policy';
import { getGradeGrowth, getSubjectTrends } from './subject-trend-service';

/** A subject's trends and a grade's growth: read like the history (another school 404; audited). */
export function subjectTrendRoutes(app: FastifyInstance, ctx: AppContext): void {
  const reads = { tags: ['results'], access: { auth: 'session', pupilData: 'read' } } as const;
  const readSchool = (call: CallWith<{ params: { id: number } }>) =>
    authorizeSchool(ctx.db, signedIn(call), call.input.params.id, canReadSchoolResults);

  route(app, endpoints.subjectTrends, { ...reads, policy: readSchool }, (call) =>
    getSubjectTrends(ctx, signedIn(call), call.input.params.id, call.input.query),
  );
  route(app, endpoints.gradeGrowth, { ...reads, policy: readSchool }, (call) =>
    getGradeGrowth(ctx, signedIn(call), call.input.params.id, call.input.params.yeargradeId),
  );
}
