import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { profileSchema } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { sessionOf } from '../../platform/authentication';
import { getProfile } from './service';

export async function accountRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/profile/',
    { schema: { tags: ['account'], response: { 200: profileSchema } }, preHandler: app.requireSession },
    (request) => getProfile(ctx, sessionOf(request)),
  );
}
