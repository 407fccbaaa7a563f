import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userSettingsInputSchema, userSettingsSchema } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { sessionOf } from '../../platform/authentication';
import { getSettings, saveSettings } from './service';

export async function settingsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/user-settings/',
    { schema: { tags: ['settings'], response: { 200: userSettingsSchema } }, preHandler: app.requireSession },
    (request) => getSettings(ctx, sessionOf(request)),
  );

  api.post(
    '/user-settings/create/',
    {
      schema: { tags: ['settings'], body: userSettingsInputSchema, response: { 200: userSettingsSchema } },
      preHandler: app.requireSession,
    },
    (request) => saveSettings(ctx, sessionOf(request), request.body),
  );

  api.put(
    '/user-settings/update/',
    {
      schema: { tags: ['settings'], body: userSettingsInputSchema, response: { 200: userSettingsSchema } },
      preHandler: app.requireSession,
    },
    (request) => saveSettings(ctx, sessionOf(request), request.body),
  );
}
