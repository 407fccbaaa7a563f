import type { FastifyInstance } from 'fastify';
import { colleagueEndpoints as endpoints } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { authorizeSchool } from '../../platform/access/index';
import { route, signedIn } from '../../platform/routing/index';
import { canListColleagues, canManageColleagues } from './policy';
import { listColleagues, removeColleague, updateColleague } from './service';

/** Colleagues of a school: 404 outside the user's schools, 403 for members the policy does not allow. */
export async function colleagueRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const tags = ['colleagues'];
  const access = { auth: 'session', pupilData: 'none' } as const;

  route(
    app,
    endpoints.list,
    {
      tags,
      access,
      policy: (call) =>
        authorizeSchool(ctx.db, signedIn(call), call.input.params.schoolId, canListColleagues),
    },
    (_call, access) => listColleagues(ctx, access),
  );
  route(
    app,
    endpoints.remove,
    {
      tags,
      access,
      policy: (call) =>
        authorizeSchool(ctx.db, signedIn(call), call.input.body.schoolId, canManageColleagues),
    },
    (call, access) => removeColleague(ctx, signedIn(call), access, call.input.body),
  );
  route(
    app,
    endpoints.update,
    {
      tags,
      access,
      policy: (call) =>
        authorizeSchool(ctx.db, signedIn(call), call.input.body.schoolId, canManageColleagues),
    },
    (call, access) => updateColleague(ctx, signedIn(call), access, call.input.body),
  );
}
