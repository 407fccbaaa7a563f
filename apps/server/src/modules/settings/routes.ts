import type { FastifyInstance } from 'fastify';
import { settingsEndpoints as endpoints } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { anySession, route } from '../../platform/routing/index';
import { getSettings, saveSettings } from './service';

/** The user's own settings: no school, so no policy beyond the session. */
export async function settingsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const options = {
    tags: ['settings'],
    access: { auth: 'session', pupilData: 'none' },
    policy: anySession,
  } as const;
  route(app, endpoints.get, options, (_call, session) => getSettings(ctx, session));
  route(app, endpoints.create, options, (call, session) => saveSettings(ctx, session, call.input.body));
  route(app, endpoints.update, options, (call, session) => saveSettings(ctx, session, call.input.body));
}
