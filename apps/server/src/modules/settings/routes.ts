import type { FastifyInstance } from 'fastify';
import { settingsEndpoints as endpoints } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { route, signedIn } from '../../platform/routing/index';
import { getSettings, saveSettings } from './service';

/** The user's own settings: no school, so no policy beyond the session. */
export async function settingsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const options = { tags: ['settings'], access: { auth: 'session', pupilData: 'none' } } as const;
  route(app, endpoints.get, options, (call) => getSettings(ctx, signedIn(call)));
  route(app, endpoints.create, options, (call) => saveSettings(ctx, signedIn(call), call.input.body));
  route(app, endpoints.update, options, (call) => saveSettings(ctx, signedIn(call), call.input.body));
}
