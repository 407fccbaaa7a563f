import type { FastifyInstance } from 'fastify';
import { pupilsToDiscussEndpoints as endpoints } from '@leerzicht/contract';
import { onReadReplica, type AppContext } from '../../context';
import { authorizeGroup, authorizeSchool } from '../../platform/access/index';
import { route, signedIn } from '../../platform/routing/index';
import { canReadGroupList, canReadSchoolList } from './policy';
import { getGroupList, getSchoolList } from './service';

/**
 * Pupils to discuss, per group and per school. A session is needed (401); another school answers 404, as does a
 * group outside a teacher's groups; the school list holds only the groups the user reads. Pupil data: audited.
 * Read from the read replica when there is one (access is checked on the primary).
 */
export async function pupilsToDiscussRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const replica = onReadReplica(ctx);
  const reads = { tags: ['pupils-to-discuss'], access: { auth: 'session', pupilData: 'read' } } as const;
  route(
    app,
    endpoints.yearClass,
    {
      ...reads,
      policy: (call) => authorizeGroup(ctx.db, signedIn(call), call.input.params.id, canReadGroupList),
    },
    (call) => getGroupList(replica, call.input.params.id),
  );
  route(
    app,
    endpoints.school,
    {
      ...reads,
      policy: (call) => authorizeSchool(ctx.db, signedIn(call), call.input.params.id, canReadSchoolList),
    },
    (call) => getSchoolList(replica, signedIn(call), call.input.params.id, call.input.query.calendar_year),
  );
}
