import type { FastifyInstance } from 'fastify';
import { approachEndpoints as endpoints } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { authorizeGroup, authorizePupil } from '../../platform/access/index';
import { route, signedIn } from '../../platform/routing/index';
import { listScope } from './access';
import { canReadGroupApproaches, canReadPupilApproaches, canSetGroupApproaches } from './policy';
import { listApproachLogs, listApproaches, setApproach, setApproachBatch } from './service';
import { suggestApproaches } from './suggestion-service';

/**
 * Instruction groups (pupil approaches) and their log. Another school, and for a teacher a group or pupil
 * outside their permitted groups, answers 404; a pupil not in the named group 400. Every call reads or writes
 * pupil data and is audited.
 */
export async function approachRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const tags = ['approaches'];
  const reads = { tags, access: { auth: 'session', pupilData: 'read' } } as const;
  const writes = { tags, access: { auth: 'session', pupilData: 'write' } } as const;

  route(
    app,
    endpoints.list,
    {
      ...reads,
      policy: (call) => {
        const scope = listScope(call.input.query);
        return 'pupilId' in scope
          ? authorizePupil(ctx.db, signedIn(call), scope.pupilId, undefined, canReadPupilApproaches)
          : authorizeGroup(ctx.db, signedIn(call), scope.groupId, canReadGroupApproaches);
      },
    },
    (call) => listApproaches(ctx, signedIn(call), listScope(call.input.query)),
  );
  route(
    app,
    endpoints.set,
    {
      ...writes,
      policy: (call) =>
        authorizeGroup(ctx.db, signedIn(call), call.input.body.yearclassId, canSetGroupApproaches),
    },
    (call) => setApproach(ctx, signedIn(call), call.input.body),
  );
  route(
    app,
    endpoints.setBatch,
    {
      ...writes,
      policy: (call) =>
        authorizeGroup(ctx.db, signedIn(call), call.input.body.yearclassId, canSetGroupApproaches),
    },
    (call) => setApproachBatch(ctx, signedIn(call), call.input.body),
  );
  route(
    app,
    endpoints.suggestion,
    {
      ...reads,
      policy: (call) =>
        authorizeGroup(ctx.db, signedIn(call), call.input.query.yearclass_id, canReadGroupApproaches),
    },
    (call) => suggestApproaches(ctx, signedIn(call), call.input.query),
  );
  route(
    app,
    endpoints.logs,
    {
      ...reads,
      policy: (call) =>
        authorizePupil(ctx.db, signedIn(call), call.input.query.pupil_id, undefined, canReadPupilApproaches),
    },
    (call) => listApproachLogs(ctx, signedIn(call), call.input.query.pupil_id),
  );
}
