import type { FastifyInstance } from 'fastify';
import { observationEndpoints as endpoints } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { route, signedIn } from '../../platform/routing/index';
import {
  authorizeAspectChange,
  authorizeAspectCreate,
  authorizeAspects,
  authorizeObservationChange,
  authorizeObservationCreate,
  authorizeObservationEdit,
  authorizeObservationList,
} from './access';
import { createAspect, listAspects, updateAspect } from './aspect-service';
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
    (_call, access) => listAspects(ctx, access),
  );
  route(
    app,
    endpoints.createAspect,
    { ...settings, policy: (call) => authorizeAspectCreate(ctx, signedIn(call), call.input.body.schoolId) },
    (call, access) => createAspect(ctx, access, call.input.body),
  );
  route(
    app,
    endpoints.updateAspect,
    { ...settings, policy: (call) => authorizeAspectChange(ctx, signedIn(call), call.input.params.id) },
    (call, { aspect }) => updateAspect(ctx, aspect, call.input.body),
  );

  route(
    app,
    endpoints.list,
    { ...reads, policy: (call) => authorizeObservationList(ctx, signedIn(call), call.input.query) },
    (_call, allowed) => listObservations(ctx, allowed),
  );
  // The policy places the observation in the pupil's group of its date and decides whether the user records there.
  route(
    app,
    endpoints.create,
    { ...writes, policy: (call) => authorizeObservationCreate(ctx, signedIn(call), call.input.body) },
    (call, allowed) => createObservation(ctx, allowed, call.input.body),
  );
  route(
    app,
    endpoints.update,
    {
      ...writes,
      policy: (call) =>
        authorizeObservationChange(ctx, signedIn(call), call.input.params.id, call.input.body),
    },
    (call, allowed) => changeObservation(ctx, allowed, call.input.body),
  );
  route(
    app,
    endpoints.remove,
    { ...writes, policy: (call) => authorizeObservationEdit(ctx, signedIn(call), call.input.params.id) },
    async (_call, allowed) => {
      await removeObservation(ctx, allowed);
      return undefined;
    },
  );
}
