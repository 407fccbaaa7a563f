import type { FastifyInstance } from 'fastify';
import { schoolEndpoints as endpoints } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { authorizeSchool } from '../../platform/access/index';
import { route, signedIn } from '../../platform/routing/index';
import { canReadSchool } from './policy';
import { getSchool } from './service';

export async function schoolRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  route(
    app,
    endpoints.school,
    {
      tags: ['schools'],
      access: { auth: 'session', pupilData: 'none' },
      policy: (call) => authorizeSchool(ctx.db, signedIn(call), call.input.params.id, canReadSchool),
    },
    (call, access) => getSchool(ctx, signedIn(call), access, call.input.query.school_year),
  );
}
