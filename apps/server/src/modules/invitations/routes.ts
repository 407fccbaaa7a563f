import type { FastifyInstance } from 'fastify';
import { invitationEndpoints as endpoints } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { publicRoute, route, signedIn } from '../../platform/routing/index';
import { acceptInvitation, getInvitationByKey } from './accept-service';
import { authorizeInvitation, authorizeInviting } from './access';
import { createInvitations, removeInvitation, updateInvitation } from './service';

/**
 * Invitations: superusers of the school invite and manage (404 outside the user's schools, 403 for other
 * members); the key from the e-mailed link is the credential of the public calls.
 */
export async function invitationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const tags = ['invitations'];
  const access = { auth: 'session', pupilData: 'none' } as const;
  const link = { tags, access: { auth: 'public', pupilData: 'none' }, policy: publicRoute } as const;

  route(
    app,
    endpoints.create,
    {
      tags,
      access,
      policy: (call) => authorizeInviting(ctx, signedIn(call), call.input.body.schoolId),
    },
    (call) => createInvitations(ctx, signedIn(call), call.input.body, call.request.log),
  );
  route(
    app,
    endpoints.remove,
    { tags, access, policy: (call) => authorizeInvitation(ctx, signedIn(call), call.input.body.id) },
    (call, allowed) => removeInvitation(ctx, signedIn(call), allowed),
  );
  route(
    app,
    endpoints.update,
    { tags, access, policy: (call) => authorizeInvitation(ctx, signedIn(call), call.input.params.id) },
    (call, allowed) => updateInvitation(ctx, signedIn(call), allowed, call.input.body.isSchoolSuperuser),
  );
  route(app, endpoints.byKey, link, (call) => getInvitationByKey(ctx, call.input.params.key));
  route(app, endpoints.accept, link, (call) => acceptInvitation(ctx, call.input.params.key, call.input.body));
}
