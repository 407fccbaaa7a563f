import type { FastifyInstance } from 'fastify';
import { authEndpoints as endpoints } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { route, signedIn } from '../../platform/routing/index';
import { revokeSession } from '../../platform/sessions';
import { login } from './service';
import { activateTotp, deactivateTotp, totpStatus, verifyTotp } from './totp-service';

/**
 * Sign-in and two-step login. Login and logout stay open to demo and impersonated sessions (their endpoints say
 * `read-only-allowed`); the two-step GETs change the account, so their endpoints are writes.
 */
export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const tags = ['auth'];
  const own = { tags, access: { auth: 'session', pupilData: 'none' } } as const;

  route(app, endpoints.login, { tags, access: { auth: 'public', pupilData: 'none' } }, (call) =>
    login(ctx, call.input.body, { ip: call.request.ip }),
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
