import type { FastifyInstance } from 'fastify';
import { retentionEndpoints as endpoints } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { authorizeSchool } from '../../platform/access/index';
import { route, signedIn, type CallWith } from '../../platform/routing/index';
import { canManageRetention } from './policy';
import { changeRetentionSettings, getRetentionOverview, removeDuePupils } from './service';

/**
 * Data retention of a school: its superusers see the pupils who left before the cut-off (the day before the
 * school year that began `retentionYears` school years before the current one), change the period and the
 * scheduled removal, and remove due pupils with all their data. Needs a session (401); another school answers
 * 404, other members 403. Reads and removal touch pupil data (audited); demo and impersonated sessions cannot write.
 */
export async function dataRetentionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const tags = ['data-retention'];
  const policy = (call: CallWith<{ params: { id: number } }>) =>
    authorizeSchool(ctx.db, signedIn(call), call.input.params.id, canManageRetention);
  route(
    app,
    endpoints.overview,
    { tags, access: { auth: 'session', pupilData: 'read' }, policy },
    (_call, access) => getRetentionOverview(ctx, access.schoolId),
  );
  route(
    app,
    endpoints.settings,
    { tags, access: { auth: 'session', pupilData: 'read' }, policy },
    (call, access) => changeRetentionSettings(ctx, signedIn(call), access.schoolId, call.input.body),
  );
  route(
    app,
    endpoints.remove,
    { tags, access: { auth: 'session', pupilData: 'write' }, policy },
    (call, access) => removeDuePupils(ctx, signedIn(call), access.schoolId, call.input.body.pupilIds),
  );
}
