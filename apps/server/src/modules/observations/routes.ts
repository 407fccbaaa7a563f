import type { FastifyInstance } from 'fastify';
import { observationEndpoints as endpoints } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { authorizeSchool } from '../../platform/access/index';
import { route, signedIn } from '../../platform/routing/index';
import {
  authorizeAspects,
  authorizeObservationEdit,
  authorizeObservationList,
  authorizePupilObservations,
  listScope,
} from './access';
import { createAspect, findAspectSchool, listAspects, updateAspect } from './aspect-service';
import { canManageAspects } from './policy';
import { listObservations } from './read-service';
import { changeObservation, createObservation, removeObservation } from './write-service';

/**
 * Social-emotional observations and the school's aspects. Another school, another teacher's group or pupil, and
 * someone else's confidential observation answer 404; restricted users get 403 on every observation call.
 * Observations are pupil data (audited); aspects are not.
 */
export async function observationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const tags = ['observations'];
  const reads = { tags, access: { auth: 'session', pupilData: 'read' } } as const;
  const writes = { tags, access: { auth: 'session', pupilData: 'write' } } as const;
  const settings = { tags, access: { auth: 'session', pupilData: 'none' } } as const;

  route(
    app,
    endpoints.aspects,
    { ...settings, policy: (call) => authorizeAspects(ctx, signedIn(call), call.input.query.school_id) },
    (call) => listAspects(ctx, signedIn(call), call.input.query.school_id),
  );
  route(
    app,
    endpoints.createAspect,
    {
      ...settings,
      policy: (call) => authorizeSchool(ctx.db, signedIn(call), call.input.body.schoolId, canManageAspects),
    },
    (call) => createAspect(ctx, signedIn(call), call.input.body),
  );
  route(
    app,
    endpoints.updateAspect,
    {
      ...settings,
      policy: async (call) =>
        authorizeSchool(
          ctx.db,
          signedIn(call),
          await findAspectSchool(ctx.db, call.input.params.id),
          canManageAspects,
        ),
    },
    (call) => updateAspect(ctx, signedIn(call), call.input.params.id, call.input.body),
  );

  route(
    app,
    endpoints.list,
    {
      ...reads,
      policy: async (call) => authorizeObservationList(ctx, signedIn(call), listScope(call.input.query)),
    },
    (call) => listObservations(ctx, signedIn(call), listScope(call.input.query)),
  );
  // Whether a teacher may record for the pupil's group of that date is decided in the service, which finds it.
  route(
    app,
    endpoints.create,
    {
      ...writes,
      policy: (call) => authorizePupilObservations(ctx, signedIn(call), call.input.body.pupilId),
    },
    (call) => createObservation(ctx, signedIn(call), call.input.body),
  );
  route(
    app,
    endpoints.update,
    { ...writes, policy: (call) => authorizeObservationEdit(ctx, signedIn(call), call.input.params.id) },
    (call) => changeObservation(ctx, signedIn(call), call.input.params.id, call.input.body),
  );
  route(
    app,
    endpoints.remove,
    { ...writes, policy: (call) => authorizeObservationEdit(ctx, signedIn(call), call.input.params.id) },
    async (call) => {
      await removeObservation(ctx, signedIn(call), call.input.params.id);
      return undefined;
    },
  );
}
