import type { FastifyInstance } from 'fastify';
import { authEndpoints as endpoints } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { route, signedIn } from '../../platform/routing/index';
import { revokeSession } from '../../platform/sessions';
import { login, prepareUnknownUserTiming } from './service';
import { confirmSignInLink, requestSignInLink } from './sign-in-link';
import { activateTotp, deactivateTotp, totpStatus, verifyTotp } from './totp-service';

/**
 * Sign-in (by password, or by a link mailed to the account) and two-step login. Login, the sign-in link and logout
 * stay open to demo and impersonated sessions (their endpoints say `read-only-allowed`); the two-step GETs change
 * the account, so their endpoints are writes.
 */
export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const tags = ['auth'];
  const own = { tags, access: { auth: 'session', pupilData: 'none' } } as const;
  const open = { tags, access: { auth: 'public', pupilData: 'none' } } as const;
  prepareUnknownUserTiming();

  route(app, endpoints.login, open, (call) => login(ctx, call.input.body, { ip: call.request.ip }));
  // Public: the sign-in link is the owner's way in while failed passwords make new addresses wait.
  route(app, endpoints.requestSignInLink, open, (call) =>
    requestSignInLink(ctx, call.input.body, { ip: call.request.ip }, call.request.log),
  );
  route(app, endpoints.confirmSignInLink, open, (call) =>
    confirmSignInLink(ctx, call.input.body, { ip: call.request.ip }),
  );
  route(app, endpoints.logout, own, async (call) => {
    await revokeSession(ctx.db, signedIn(call).sessionId, ctx.now());
    return { detail: 'Logged out.' };
  });
  route(app, endpoints.totpStatus, own, (call) => totpStatus(ctx, signedIn(call)));
  route(app, endpoints.totpActivate, own, (call) => activateTotp(ctx, signedIn(call)));
  route(app, endpoints.totpVerify, own, (call) =>
    verifyTotp(ctx, signedIn(call), call.input.params.code, { ip: call.request.ip }),
  );
  route(app, endpoints.totpDeactivate, own, (call) =>
    deactivateTotp(ctx, signedIn(call), call.input.params.code, { ip: call.request.ip }),
  );
}
