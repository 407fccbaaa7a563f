import type { FastifyInstance } from 'fastify';
import { permissionEndpoints as endpoints } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { authorizeSchool } from '../../platform/access/index';
import { route, signedIn, type CallWith } from '../../platform/routing/index';
import { canManagePermissions } from './policy';
import { getSchoolPermissions, grantPermissions, revokePermissions } from './service';

/** Teacher group permissions, managed by the school's superusers (404 outside the user's schools, 403 otherwise). */
export async function permissionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const tags = ['permissions'];
  const access = { auth: 'session', pupilData: 'none' } as const;
  const manage = (call: CallWith<{ body: { schoolId: number } }>) =>
    authorizeSchool(ctx.db, signedIn(call), call.input.body.schoolId, canManagePermissions);

  route(
    app,
    endpoints.list,
    {
      tags,
      access,
      policy: (call) =>
        authorizeSchool(ctx.db, signedIn(call), call.input.params.schoolId, canManagePermissions),
    },
    (_call, access) => getSchoolPermissions(ctx, access),
  );
  route(app, endpoints.add, { tags, access, policy: manage }, (call, school) =>
    grantPermissions(ctx, signedIn(call), school, call.input.body),
  );
  route(app, endpoints.remove, { tags, access, policy: manage }, (call, school) =>
    revokePermissions(ctx, signedIn(call), school, call.input.body),
  );
}
