import type { FastifyInstance } from 'fastify';
import { adminEndpoints as endpoints } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { route, signedIn } from '../../platform/routing/index';
import { authorizeImpersonation, authorizeStaffRoleChange } from './access';
import { impersonate, setProviderStaffRole } from './service';

/** The provider's own calls: provider staff in their own session only (403 for everyone else). */
export async function adminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const tags = ['admin'];
  const access = { auth: 'session', pupilData: 'none' } as const;
  route(
    app,
    endpoints.impersonate,
    { tags, access, policy: (call) => authorizeImpersonation(ctx, signedIn(call), call.input.body) },
    (call, allowed) => impersonate(ctx, signedIn(call), allowed, call.input.body),
  );
  route(
    app,
    endpoints.setProviderStaff,
    { tags, access, policy: (call) => authorizeStaffRoleChange(ctx, signedIn(call), call.input.params.id) },
    (call, allowed) => setProviderStaffRole(ctx, allowed, call.input.body),
  );
}
