import type { FastifyInstance } from 'fastify';
import { pupilNoteCategoryEndpoints as endpoints } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { route, signedIn } from '../../platform/routing/index';
import { authorizeLink, authorizeLinkCreate, authorizeLinkQuery } from './access';
import {
  changePupilNoteCategoryLink,
  createPupilNoteCategoryLink,
  listPupilNoteCategoryLinks,
  removePupilNoteCategoryLink,
} from './service';

/**
 * Pupils placed in note categories of group plans. Another school, a plan of a group outside a teacher's groups
 * and a pupil the teacher does not read answer 404; restricted users, and teachers on the school's own category
 * list, 403. Placements are pupil data (audited).
 */
export async function pupilNoteCategoryRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const tags = ['notes'];
  const reads = { tags, access: { auth: 'session', pupilData: 'read' } } as const;
  const writes = { tags, access: { auth: 'session', pupilData: 'write' } } as const;

  route(
    app,
    endpoints.list,
    { ...reads, policy: (call) => authorizeLinkQuery(ctx, signedIn(call), call.input.query) },
    (call, access) => listPupilNoteCategoryLinks(ctx, access, call.input.query),
  );
  route(
    app,
    endpoints.create,
    { ...writes, policy: (call) => authorizeLinkCreate(ctx, signedIn(call), call.input.body) },
    (call, allowed) => createPupilNoteCategoryLink(ctx, allowed, call.input.body),
  );
  route(
    app,
    endpoints.update,
    {
      ...writes,
      policy: (call) => authorizeLink(ctx, signedIn(call), call.input.params.id, call.input.body),
    },
    (call, allowed) => changePupilNoteCategoryLink(ctx, allowed, call.input.body),
  );
  route(
    app,
    endpoints.remove,
    { ...writes, policy: (call) => authorizeLink(ctx, signedIn(call), call.input.params.id) },
    async (_call, allowed) => {
      await removePupilNoteCategoryLink(ctx, allowed);
      return undefined;
    },
  );
}
