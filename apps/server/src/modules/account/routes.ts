import type { FastifyInstance } from 'fastify';
import { accountEndpoints as endpoints } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { anySession, publicRoute, route } from '../../platform/routing/index';
import { confirmEmailChange } from './email-change';
import { changePassword } from './password-change';
import { confirmPassword } from './password-confirmation';
import { confirmPasswordReset, requestPasswordReset } from './password-reset';
import { getProfile } from './service';
import { updateUser } from './user-update';

/** The user's own account: no school, so no policy beyond the session; the reset and e-mail links are public. */
export async function accountRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const tags = ['account'];
  const own = { tags, access: { auth: 'session', pupilData: 'none' }, policy: anySession } as const;
  // Public: the key in the e-mailed link is the credential.
  const link = { tags, access: { auth: 'public', pupilData: 'none' }, policy: publicRoute } as const;

  route(app, endpoints.profile, own, (_call, session) => getProfile(ctx, session));
  route(app, endpoints.updateUser, own, (call, session) =>
    updateUser(ctx, session, call.input.body, call.request.log),
  );
  route(app, endpoints.confirmEmailChange, link, (call) =>
    confirmEmailChange(ctx, call.input.body, call.request.log),
  );
  route(app, endpoints.confirmPassword, own, (call, session) =>
    confirmPassword(ctx, session, call.input.body, { ip: call.request.ip }),
  );
  route(app, endpoints.changePassword, own, (call, session) =>
    changePassword(ctx, session, call.input.body, { ip: call.request.ip }),
  );
  route(app, endpoints.requestPasswordReset, link, (call) =>
    requestPasswordReset(ctx, call.input.body, { ip: call.request.ip }, call.request.log),
  );
  route(app, endpoints.confirmPasswordReset, link, (call) => confirmPasswordReset(ctx, call.input.body));
}
