import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthSchema } from '@leerzicht/contract';
import type { AppContext } from '../../context';

export async function systemRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  ping: () => Promise<boolean>,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/health/',
    { schema: { tags: ['system'], response: { 200: healthSchema, 503: healthSchema } } },
    async (_request, reply) => {
      const database = await ping();
      return reply
        .code(database ? 200 : 503)
        .send({ status: database ? 'ok' : 'unavailable', database, version: ctx.buildVersion });
    },
  );
}
