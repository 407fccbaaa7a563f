import type { FastifyInstance } from 'fastify';
import { subjectTrendEndpoints as endpoints } from '@leerzicht/contract';
import { onReadReplica, type AppContext } from '../../context';
import { route, signedIn, type CallWith } from '../../platform/routing/index';
import { authorizeResults } from './access';
import { getGradeGrowth, getSubjectTrends } from './subject-trend-service';

/**
 * A subject's trends and a grade's growth: read like the history (another school 404; audited), from the read
 * replica when there is one (access is checked on the primary).
 */
export function subjectTrendRoutes(app: FastifyInstance, ctx: AppContext): void {
  const replica = onReadReplica(ctx);
  const reads = { tags: ['results'], access: { auth: 'session', pupilData: 'read' } } as const;
  const readSchool = (call: CallWith<{ params: { id: number } }>) =>
    authorizeResults(ctx.db, signedIn(call), call.input.params.id);

  route(app, endpoints.subjectTrends, { ...reads, policy: readSchool }, (call, scope) =>
    getSubjectTrends(replica, signedIn(call), scope, call.input.query),
  );
  route(app, endpoints.gradeGrowth, { ...reads, policy: readSchool }, (call, scope) =>
    getGradeGrowth(replica, scope, call.input.params.yeargradeId),
  );
}
