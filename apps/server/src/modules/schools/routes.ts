import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema, schoolQuerySchema, schoolSchema } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { sessionOf } from '../../platform/authentication';
import { getSchool } from './service';

export async function schoolRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/schools/:id/',
    {
      schema: {
        tags: ['schools'],
        params: idParamSchema,
        querystring: schoolQuerySchema,
        response: { 200: schoolSchema },
      },
      preHandler: app.requireSession,
    },
    (request) => getSchool(ctx, sessionOf(request), request.params.id, request.query.school_year),
  );
}
