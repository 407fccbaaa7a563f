import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authEndpoints as endpoints } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { anySession, publicRoute, route } from '../../platform/routing/index';
import { deviceCookieHeader, presentedDeviceTokens } from './device-token';
import { login, logout, prepareUnknownUserTiming, type SignedIn } from './service';
import { confirmSignInLink, requestSignInLink } from './sign-in-link';
import { activateTotp, deactivateTotp, totpStatus, verifyTotp } from './totp-service';

/**
 * Sign-in (by password, or by a link mailed to the account) and two-step login. Login, the sign-in link and logout
 * stay open to demo and impersonated sessions (their endpoints say `read-only-allowed`); the two-step GETs change
 * the account, so their endpoints are writes.
 */
export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const tags = ['auth'];
  const own = { tags, access: { auth: 'session', pupilData: 'none' }, policy: anySession } as const;
  const open = { tags, access: { auth: 'public', pupilData: 'none' }, policy: publicRoute } as const;
  prepareUnknownUserTiming();
  // The browser keeps its device tokens in a cookie (device-token.ts); Secure whenever the app is served over HTTPS.
  const keepDeviceTokens = (request: FastifyRequest, reply: FastifyReply, signedIn: SignedIn) => {
    const secure = request.protocol === 'https' || ctx.config.APP_URL.startsWith('https:');
    reply.header('set-cookie', deviceCookieHeader(signedIn.deviceTokens, secure));
  };

  route(app, endpoints.login, open, async (call) => {
    const signedIn = await login(
      ctx,
      call.input.body,
      { ip: call.request.ip },
      presentedDeviceTokens(call.request),
    );
    keepDeviceTokens(call.request, call.reply, signedIn);
    return { token: signedIn.token };
  });
  // Public: the sign-in link is the owner's way in while failed passwords make new addresses wait.
  route(app, endpoints.requestSignInLink, open, (call) =>
    requestSignInLink(ctx, call.input.body, { ip: call.request.ip }, call.request.log),
  );
  route(app, endpoints.confirmSignInLink, open, async (call) => {
    const source = { ip: call.request.ip };
    const signedIn = await confirmSignInLink(
      ctx,
      call.input.body,
      source,
      presentedDeviceTokens(call.request),
    );
    keepDeviceTokens(call.request, call.reply, signedIn);
    return { token: signedIn.token, username: signedIn.username };
  });
  route(app, endpoints.logout, own, async (_call, session) => {
    await logout(ctx, session.sessionId);
    return { detail: 'Logged out.' };
  });
  route(app, endpoints.totpStatus, own, (_call, session) => totpStatus(ctx, session));
  route(app, endpoints.totpActivate, own, (_call, session) => activateTotp(ctx, session));
  route(app, endpoints.totpVerify, own, (call, session) =>
    verifyTotp(ctx, session, call.input.params.code, { ip: call.request.ip }),
  );
  route(app, endpoints.totpDeactivate, own, (call, session) =>
    deactivateTotp(ctx, session, call.input.params.code, { ip: call.request.ip }),
  );
}
