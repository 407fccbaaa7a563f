import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParamSchema,
  pinPupilInputSchema,
  pinSchema,
  pupilDetailSchema,
  pupilOutflowAdviceInputSchema,
  pupilOutflowAdviceSchema,
  pupilQuerySchema,
} from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { sessionOf } from '../../platform/authentication';
import { getOutflowAdvice, setOutflowAdvice } from './outflow-advice';
import { pinPupil, unpinPupil } from './pins';
import { getPupilDetail } from './service';

/**
 * One pupil: detail, outflow advice and pins. A pupil outside the user's schools, or (for a teacher) never in one
 * of their permitted groups, answers 404.
 */
export async function pupilRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.requireSession };
  const tags = ['pupils'];

  api.get(
    '/pupils/:id/',
    {
      ...auth,
      schema: {
        tags,
        params: idParamSchema,
        querystring: pupilQuerySchema,
        response: { 200: pupilDetailSchema },
      },
    },
    (request) => getPupilDetail(ctx, sessionOf(request), request.params.id, request.query.school_id),
  );
  api.get(
    '/pupil-outflow-advice/:id/',
    { ...auth, schema: { tags, params: idParamSchema, response: { 200: pupilOutflowAdviceSchema } } },
    (request) => getOutflowAdvice(ctx, sessionOf(request), request.params.id),
  );
  api.post(
    '/pupil-outflow-advice/',
    {
      ...auth,
      schema: { tags, body: pupilOutflowAdviceInputSchema, response: { 200: pupilOutflowAdviceSchema } },
    },
    (request) => setOutflowAdvice(ctx, sessionOf(request), request.body),
  );
  api.post(
    '/pin_pupil/',
    { ...auth, schema: { tags, body: pinPupilInputSchema, response: { 201: pinSchema } } },
    async (request, reply) => {
      const pin = await pinPupil(ctx, sessionOf(request), request.body.pupil_id);
      return reply.code(201).send(pin);
    },
  );
  api.delete(
    '/pin_pupil/:id/',
    { ...auth, schema: { tags, params: idParamSchema } },
    async (request, reply) => {
      await unpinPupil(ctx, sessionOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
}
