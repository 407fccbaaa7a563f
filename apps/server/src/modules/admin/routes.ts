import type { FastifyInstance } from 'fastify';
import { adminEndpoints as endpoints } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { route, signedIn, type CallWith } from '../../platform/routing/index';
import { impersonate, requireStaff, setProviderStaffRole } from './service';

export async function adminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const options = {
    tags: ['admin'],
    access: { auth: 'session', pupilData: 'none' },
    policy: (call: CallWith<unknown>) => requireStaff(ctx, signedIn(call)),
  } as const;
  route(app, endpoints.impersonate, options, (call) => impersonate(ctx, signedIn(call), call.input.body));
  route(app, endpoints.setProviderStaff, options, (call) =>
    setProviderStaffRole(ctx, signedIn(call), call.input.params.id, call.input.body),
  );
}
