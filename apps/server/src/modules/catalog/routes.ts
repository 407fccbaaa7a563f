import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  methodListSchema,
  nationalTestListSchema,
  subjectListSchema,
  testProviderListSchema,
} from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { listMethods, listNationalTests, listSubjects, listTestProviders } from './repository';

/** The global test catalogue; any signed-in user may read it (it holds no school data). */
export async function catalogRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const common = { preHandler: app.requireSession };

  api.get(
    '/subjects/',
    { ...common, schema: { tags: ['catalog'], response: { 200: subjectListSchema } } },
    () => listSubjects(ctx.db),
  );
  api.get(
    '/test-providers/',
    { ...common, schema: { tags: ['catalog'], response: { 200: testProviderListSchema } } },
    () => listTestProviders(ctx.db),
  );
  api.get(
    '/national-tests/',
    { ...common, schema: { tags: ['catalog'], response: { 200: nationalTestListSchema } } },
    () => listNationalTests(ctx.db),
  );
  api.get(
    '/methods/',
    { ...common, schema: { tags: ['catalog'], response: { 200: methodListSchema } } },
    () => listMethods(ctx.db),
  );
}
