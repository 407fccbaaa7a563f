import type { FastifyInstance } from 'fastify';
import { schoolConnectionEndpoints as endpoints } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { route, signedIn } from '../../platform/routing/index';
import { authorizeConnectionChange, authorizeConnectionRead } from './access';
import { getConnection, updateConnection } from './service';

/**
 * The link to the school information system. Needs a session (401) and membership of the school (404 otherwise);
 * superusers and provider staff read it and switch it off, only provider staff switch it on again (403 for the
 * rest). Demo and impersonated sessions cannot write (the endpoint's write rule).
 */
export async function schoolConnectionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const tags = ['school-connection'];
  route(
    app,
    endpoints.get,
    {
      tags,
      access: { auth: 'session', pupilData: 'none' },
      policy: (call) => authorizeConnectionRead(ctx, signedIn(call), call.input.params.id),
    },
    (_call, access) => getConnection(ctx, access.schoolId),
  );
  route(
    app,
    endpoints.update,
    {
      tags,
      access: { auth: 'session', pupilData: 'none' },
      policy: (call) =>
        authorizeConnectionChange(
          ctx,
          signedIn(call),
          call.input.params.id,
          call.input.body.isConnectionActive,
        ),
    },
    (call, access) => updateConnection(ctx, signedIn(call), access, call.input.body.isConnectionActive),
  );
}
