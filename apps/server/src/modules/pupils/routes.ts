import type { FastifyInstance } from 'fastify';
import { pupilEndpoints as endpoints } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { authorizePupil } from '../../platform/access/index';
import { anySession, route, signedIn } from '../../platform/routing/index';
import { getOutflowAdvice, setOutflowAdvice } from './outflow-advice-service';
import { pinPupil, unpinPupil } from './pin-service';
import { canPinPupil, canReadPupilDetail } from './policy';
import { getPupilDetail } from './service';

/**
 * One pupil: detail, outflow advice and pins. A pupil outside the user's schools, or (for a teacher) never in one
 * of their permitted groups, answers 404. Every call reads or writes pupil data and is audited.
 */
export async function pupilRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const tags = ['pupils'];
  const reads = { tags, access: { auth: 'session', pupilData: 'read' } } as const;
  const writes = { tags, access: { auth: 'session', pupilData: 'write' } } as const;

  route(
    app,
    endpoints.detail,
    {
      ...reads,
      policy: (call) =>
        authorizePupil(
          ctx.db,
          signedIn(call),
          call.input.params.id,
          call.input.query.school_id,
          canReadPupilDetail,
        ),
    },
    (call) => getPupilDetail(ctx, signedIn(call), call.input.params.id, call.input.query.school_id),
  );
  route(
    app,
    endpoints.outflowAdvice,
    {
      ...reads,
      policy: (call) =>
        authorizePupil(ctx.db, signedIn(call), call.input.params.id, undefined, canReadPupilDetail),
    },
    (call) => getOutflowAdvice(ctx, signedIn(call), call.input.params.id),
  );
  // Who may set it (a teacher only for the pupil's current group) is decided in the service, which knows that group.
  route(
    app,
    endpoints.setOutflowAdvice,
    {
      ...writes,
      policy: (call) =>
        authorizePupil(ctx.db, signedIn(call), call.input.body.pupilId, undefined, canReadPupilDetail),
    },
    (call) => setOutflowAdvice(ctx, signedIn(call), call.input.body),
  );
  route(
    app,
    endpoints.pin,
    {
      ...writes,
      policy: (call) =>
        authorizePupil(ctx.db, signedIn(call), call.input.body.pupil_id, undefined, canPinPupil),
    },
    (call) => pinPupil(ctx, signedIn(call), call.input.body.pupil_id),
  );
  // Only the user's own pins can be removed: someone else's answers 404 in the service.
  route(
    app,
    endpoints.unpin,
    { tags, access: { auth: 'session', pupilData: 'none' }, policy: anySession },
    async (call, session) => {
      await unpinPupil(ctx, session, call.input.params.id);
      return undefined;
    },
  );
}
