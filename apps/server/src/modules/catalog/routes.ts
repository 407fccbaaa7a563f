import type { FastifyInstance } from 'fastify';
import { catalogEndpoints as endpoints } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { allowOr403 } from '../../platform/access/index';
import { route, signedIn, type CallWith } from '../../platform/routing/index';
import { canReadCatalog } from './policy';
import { listMethods, listNationalTests, listSubjects, listTestProviders } from './service';

/** The global test catalogue; any signed-in user may read it (it holds no school data). */
export async function catalogRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const options = {
    tags: ['catalog'],
    access: { auth: 'session', pupilData: 'none' },
    policy: async (call: CallWith<unknown>) => allowOr403(canReadCatalog(signedIn(call))),
  } as const;
  route(app, endpoints.subjects, options, async () => [...(await listSubjects(ctx.db))]);
  route(app, endpoints.testProviders, options, () => listTestProviders(ctx.db));
  route(app, endpoints.nationalTests, options, () => listNationalTests(ctx.db));
  route(app, endpoints.methods, options, () => listMethods(ctx.db));
}
