import type { FastifyInstance } from 'fastify';
import { pupilsToDiscussEndpoints as endpoints } from '@leerzicht/contract';
import { onReadReplica, type AppContext } from '../../context';
import { route, signedIn } from '../../platform/routing/index';
import { authorizeGroupList, authorizeSchoolList } from './access';
import { getGroupList, getSchoolList } from './service';

/**
 * Pupils to discuss, per group and per school. A session is needed (401); another school answers 404, as does a
 * group outside a teacher's groups; the school list holds only the groups the user reads. Pupil data: audited.
 * Read from the read replica when there is one (access, and the group, are read on the primary).
 */
export async function pupilsToDiscussRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const replica = onReadReplica(ctx);
  const reads = { tags: ['pupils-to-discuss'], access: { auth: 'session', pupilData: 'read' } } as const;
  route(
    app,
    endpoints.yearClass,
    { ...reads, policy: (call) => authorizeGroupList(ctx, signedIn(call), call.input.params.id) },
    (_call, group) => getGroupList(replica, group),
  );
  route(
    app,
    endpoints.school,
    { ...reads, policy: (call) => authorizeSchoolList(ctx, signedIn(call), call.input.params.id) },
    (call, access) => getSchoolList(replica, signedIn(call), access, call.input.query.calendar_year),
  );
}
