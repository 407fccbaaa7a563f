import type { FastifyInstance } from 'fastify';
import { approachEndpoints as endpoints } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { route, signedIn } from '../../platform/routing/index';
import { authorizeApproachGroup, authorizeApproachList, authorizeApproachPupil } from './access';
import { canReadGroupApproaches, canSetGroupApproaches } from './policy';
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
    { ...reads, policy: (call) => authorizeApproachList(ctx, signedIn(call), call.input.query) },
    (_call, allowed) => listApproaches(ctx, allowed),
  );
  route(
    app,
    endpoints.set,
    {
      ...writes,
      policy: (call) =>
        authorizeApproachGroup(ctx, signedIn(call), call.input.body.yearclassId, canSetGroupApproaches),
    },
    (call, allowed) => setApproach(ctx, allowed, call.input.body),
  );
  route(
    app,
    endpoints.setBatch,
    {
      ...writes,
      policy: (call) =>
        authorizeApproachGroup(ctx, signedIn(call), call.input.body.yearclassId, canSetGroupApproaches),
    },
    (call, allowed) => setApproachBatch(ctx, allowed, call.input.body),
  );
  route(
    app,
    endpoints.suggestion,
    {
      ...reads,
      policy: (call) =>
        authorizeApproachGroup(ctx, signedIn(call), call.input.query.yearclass_id, canReadGroupApproaches),
    },
    (call, allowed) => suggestApproaches(ctx, allowed, call.input.query),
  );
  route(
    app,
    endpoints.logs,
    { ...reads, policy: (call) => authorizeApproachPupil(ctx, signedIn(call), call.input.query.pupil_id) },
    (call, access) => listApproachLogs(ctx, access, call.input.query.pupil_id),
  );
}
