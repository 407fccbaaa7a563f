import type { FastifyInstance } from 'fastify';
import { groupGoalEndpoints as endpoints } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { route, signedIn } from '../../platform/routing/index';
import { requireGoalGroup } from './access';
import { getGroupGoals } from './service';

/**
 * The group's test overview: pupils against the goals of its method tests. Needs a session (401); a group of
 * another school, and for a teacher a group outside their permitted groups, answers 404. Reads pupil data
 * (audited).
 */
export async function goalRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  route(
    app,
    endpoints.get,
    {
      tags: ['goals'],
      access: { auth: 'session', pupilData: 'read' },
      policy: (call) => requireGoalGroup(ctx, signedIn(call), call.input.params.id),
    },
    (_call, allowed) => getGroupGoals(ctx, allowed),
  );
}
