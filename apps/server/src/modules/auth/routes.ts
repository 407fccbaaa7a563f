import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  detailResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  totpActivateResponseSchema,
  totpCodeParamSchema,
  totpResultSchema,
  totpStatusSchema,
} from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { sessionOf } from '../../platform/authentication';
import { revokeSession } from '../../platform/sessions';
import { login } from './service';
import { activateTotp, deactivateTotp, totpStatus, verifyTotp } from './totp-service';

export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/login/',
    {
      schema: { tags: ['auth'], body: loginRequestSchema, response: { 200: loginResponseSchema } },
    },
    (request) => login(ctx, request.body, { ip: request.ip }),
  );

  api.post(
    '/logout/',
    {
      schema: { tags: ['auth'], response: { 200: detailResponseSchema } },
      preHandler: app.requireSession,
    },
    async (request) => {
      await revokeSession(ctx.db, sessionOf(request).sessionId, ctx.now());
      return { detail: 'Logged out.' };
    },
  );

  api.get(
    '/otp/totp/',
    { schema: { tags: ['auth'], response: { 200: totpStatusSchema } }, preHandler: app.requireSession },
    (request) => totpStatus(ctx, sessionOf(request)),
  );

  api.get(
    '/otp/totp/activate',
    {
      schema: { tags: ['auth'], response: { 200: totpActivateResponseSchema } },
      preHandler: app.requireSession,
    },
    (request) => activateTotp(ctx, sessionOf(request)),
  );

  api.get(
    '/otp/totp/verify/:code',
    {
      schema: { tags: ['auth'], params: totpCodeParamSchema, response: { 200: totpResultSchema } },
      preHandler: app.requireSession,
    },
    (request) => verifyTotp(ctx, sessionOf(request), request.params.code, { ip: request.ip }),
  );

  api.get(
    '/otp/totp/deactivate/:code',
    {
      schema: { tags: ['auth'], params: totpCodeParamSchema, response: { 200: totpResultSchema } },
      preHandler: app.requireSession,
    },
    (request) => deactivateTotp(ctx, sessionOf(request), request.params.code, { ip: request.ip }),
  );
}
