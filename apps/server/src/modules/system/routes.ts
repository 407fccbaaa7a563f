import type { FastifyInstance } from 'fastify';
import { healthSchema, shellEndpoints } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { publicRoute, route } from '../../platform/routing/index';

/** The health check for load balancers: 200 with the database reachable, 503 without. */
export async function systemRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  ping: () => Promise<boolean>,
): Promise<void> {
  route(
    app,
    shellEndpoints.health,
    {
      tags: ['system'],
      access: { auth: 'public', pupilData: 'none' },
      policy: publicRoute,
      otherResponses: { 503: healthSchema },
    },
    async (call) => {
      const database = await ping();
      if (!database) void call.reply.code(503);
      return { status: database ? 'ok' : 'unavailable', database, version: ctx.buildVersion } as const;
    },
  );
}
