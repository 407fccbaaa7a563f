import type { FastifyInstance } from 'fastify';
import { nationalTestExclusionEndpoints as endpoints } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { authorizeSchool } from '../../platform/access/index';
import { route, signedIn } from '../../platform/routing/index';
import { canManageExclusions } from './policy';
import { listExclusions, updateExclusions } from './service';

/**
 * The national-test blacklist of a school: its superusers list the pupils of a school year and exclude pupils
 * (with a reason) or include them again. Needs a session (401); another school answers 404, other members 403.
 * Reads and writes pupil data (audited); demo and impersonated sessions cannot write (the endpoint's write rule).
 */
export async function nationalTestExclusionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const tags = ['national-test-exclusions'];
  route(
    app,
    endpoints.list,
    {
      tags,
      access: { auth: 'session', pupilData: 'read' },
      policy: (call) => authorizeSchool(ctx.db, signedIn(call), call.input.params.id, canManageExclusions),
    },
    (call, access) => listExclusions(ctx, signedIn(call), access, call.input.query),
  );
  route(
    app,
    endpoints.update,
    {
      tags,
      access: { auth: 'session', pupilData: 'write' },
      policy: (call) =>
        authorizeSchool(ctx.db, signedIn(call), call.input.body.schoolId, canManageExclusions),
    },
    (call, access) => updateExclusions(ctx, signedIn(call), access, call.input.body),
  );
}
