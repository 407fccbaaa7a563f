import type { FastifyInstance } from 'fastify';
import { pupilEndpoints as endpoints } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { route, signedIn } from '../../platform/routing/index';
import {
  authorizeDoorstroomtoetsChange,
  authorizeDoorstroomtoetsRead,
  authorizeDoorstroomtoetsWrite,
  authorizeOutflowAdvice,
  authorizePin,
  authorizePinRemoval,
  authorizePupilDetail,
  authorizePupilRead,
} from './access';
import {
  correctDoorstroomtoets,
  createDoorstroomtoets,
  getDoorstroomtoets,
  removeDoorstroomtoets,
} from './doorstroomtoets-service';
import { getOutflowAdvice, setOutflowAdvice } from './outflow-advice-service';
import { pinPupil, unpinPupil } from './pin-service';
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
        authorizePupilDetail(ctx, signedIn(call), call.input.params.id, call.input.query.school_id),
    },
    (_call, allowed) => getPupilDetail(ctx, allowed),
  );
  route(
    app,
    endpoints.outflowAdvice,
    { ...reads, policy: (call) => authorizePupilRead(ctx, signedIn(call), call.input.params.id) },
    (_call, allowed) => getOutflowAdvice(ctx, allowed),
  );
  // A teacher sets it only for the pupil's current group: the policy finds that group.
  route(
    app,
    endpoints.setOutflowAdvice,
    { ...writes, policy: (call) => authorizeOutflowAdvice(ctx, signedIn(call), call.input.body.pupilId) },
    (call, allowed) => setOutflowAdvice(ctx, signedIn(call), allowed, call.input.body),
  );
  // Doorstroomtoets results: read as the pupil is; written as the outflow advice is set (restricted users 403).
  route(
    app,
    endpoints.doorstroomtoets,
    { ...reads, policy: (call) => authorizeDoorstroomtoetsRead(ctx, signedIn(call), call.input.params.id) },
    (_call, allowed) => getDoorstroomtoets(ctx, allowed),
  );
  route(
    app,
    endpoints.createDoorstroomtoets,
    { ...writes, policy: (call) => authorizeDoorstroomtoetsWrite(ctx, signedIn(call), call.input.params.id) },
    (call, allowed) => createDoorstroomtoets(ctx, allowed, call.input.body),
  );
  route(
    app,
    endpoints.updateDoorstroomtoets,
    {
      ...writes,
      policy: (call) =>
        authorizeDoorstroomtoetsChange(ctx, signedIn(call), call.input.params.id, call.input.params.resultId),
    },
    (call, allowed) => correctDoorstroomtoets(ctx, allowed, call.input.body),
  );
  route(
    app,
    endpoints.deleteDoorstroomtoets,
    {
      ...writes,
      policy: (call) =>
        authorizeDoorstroomtoetsChange(ctx, signedIn(call), call.input.params.id, call.input.params.resultId),
    },
    async (_call, allowed) => {
      await removeDoorstroomtoets(ctx, allowed);
      return undefined;
    },
  );
  route(
    app,
    endpoints.pin,
    { ...writes, policy: (call) => authorizePin(ctx, signedIn(call), call.input.body.pupil_id) },
    (_call, allowed) => pinPupil(ctx, allowed),
  );
  // Only the user's own pins can be removed: the policy loads the pin, and someone else's answers 404.
  route(
    app,
    endpoints.unpin,
    {
      tags,
      access: { auth: 'session', pupilData: 'none' },
      policy: (call) => authorizePinRemoval(ctx, signedIn(call), call.input.params.id),
    },
    async (_call, pin) => {
      await unpinPupil(ctx, pin);
      return undefined;
    },
  );
}
