import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  removeSencoRequestSchema,
  removedSencoResponseSchema,
  schoolIdParamSchema,
  sencoListSchema,
  sencoSchema,
  updateSencoRequestSchema,
} from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { sessionOf } from '../../platform/authentication';
import { listColleagues, removeColleague, updateColleague } from './service';

export async function colleagueRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['colleagues'];

  // Superusers and sencos of the school read; teachers 403; other schools 404.
  api.get(
    '/school_sencos/:schoolId/',
    {
      schema: { tags, params: schoolIdParamSchema, response: { 200: sencoListSchema } },
      preHandler: app.requireSession,
    },
    (request) => listColleagues(ctx, sessionOf(request), request.params.schoolId),
  );

  // Superusers of the school only.
  api.post(
    '/school_sencos/remove/',
    {
      schema: { tags, body: removeSencoRequestSchema, response: { 200: removedSencoResponseSchema } },
      preHandler: app.requireSession,
    },
    (request) => removeColleague(ctx, sessionOf(request), request.body),
  );

  api.patch(
    '/school_sencos/update_by_senco_id_and_school_id',
    {
      schema: { tags, body: updateSencoRequestSchema, response: { 200: sencoSchema } },
      preHandler: app.requireSession,
    },
    (request) => updateColleague(ctx, sessionOf(request), request.body),
  );
}
