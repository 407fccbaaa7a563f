import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginRequestSchema, loginResponseSchema } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { sessionOf } from '../../platform/authentication';
import { revokeSession } from '../../platform/sessions';
import { login } from './service';

export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/login/',
    {
      schema: { tags: ['auth'], body: loginRequestSchema, response: { 200: loginResponseSchema } },
    },
    (request) => login(ctx, request.body),
  );

  api.post(
    '/logout/',
    {
      schema: { tags: ['auth'], response: { 200: z.object({ detail: z.string() }) } },
      preHandler: app.requireSession,
    },
    async (request) => {
      await revokeSession(ctx.db, sessionOf(request).sessionId, ctx.now());
      return { detail: 'Logged out.' };
    },
  );
}
