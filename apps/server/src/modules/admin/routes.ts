import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { impersonateRequestSchema, impersonateResponseSchema } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { sessionOf } from '../../platform/authentication';
import { impersonate } from './service';

export async function adminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/impersonate/',
    {
      schema: {
        tags: ['admin'],
        body: impersonateRequestSchema,
        response: { 200: impersonateResponseSchema },
      },
      preHandler: app.requireSession,
    },
    (request) => impersonate(ctx, sessionOf(request), request.body),
  );
}
