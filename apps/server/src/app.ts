import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import qs from 'qs';
import type { AppContext } from './context';
import { registerAuthentication } from './platform/authentication';
import { registerErrorHandler } from './platform/error-handler';
import { loggerOptions } from './platform/logger';
import { registerOpenApi } from './platform/openapi';
import { registerWebApp } from './platform/web-app';
import { registerWriteGuard } from './platform/write-guard';
import { accountRoutes } from './modules/account/routes';
import { adminRoutes } from './modules/admin/routes';
import { authRoutes } from './modules/auth/routes';
import { schoolRoutes } from './modules/schools/routes';
import { catalogRoutes } from './modules/catalog/routes';
import { resultRoutes } from './modules/results/routes';
import { pupilRoutes } from './modules/pupils/routes';
import { settingsRoutes } from './modules/settings/routes';
import { invitationRoutes } from './modules/invitations/routes';
import { colleagueRoutes } from './modules/colleagues/routes';
import { permissionRoutes } from './modules/permissions/routes';
import { shellRoutes } from './modules/shell/routes';
import { systemRoutes } from './modules/system/routes';

export const API_PREFIX = '/api/1.0';

export interface BuildAppOptions {
  ctx: AppContext;
  ping: () => Promise<boolean>;
}

export async function buildApp({ ctx, ping }: BuildAppOptions): Promise<FastifyInstance> {
  const common = {
    routerOptions: {
      ignoreTrailingSlash: true,
      // Bracket arrays and nested objects: include[]=a&include[]=b, filter[a]=b.
      querystringParser: (query: string) => qs.parse(query, { depth: 4, arrayLimit: 200 }),
    },
    genReqId: () => randomUUID(),
    // In-flight requests finish on close; idle keep-alive sockets are closed at once.
    forceCloseConnections: 'idle' as const,
  };
  const app = Fastify({ ...common, logger: loggerOptions(ctx.config) });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerAuthentication(app, ctx);
  // Demo and impersonated sessions: every write refused except login, logout and printouts.
  registerWriteGuard(app, ctx, API_PREFIX);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        // Mantine injects style attributes at run time.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
      },
    },
  });
  await registerOpenApi(app, ctx.buildVersion);

  await app.register(
    async (api) => {
      await systemRoutes(api, ctx, ping);
      await shellRoutes(api, ctx);
      await authRoutes(api, ctx);
      await accountRoutes(api, ctx);
      await settingsRoutes(api, ctx);
      await adminRoutes(api, ctx);
      await schoolRoutes(api, ctx);
      await catalogRoutes(api, ctx);
      await resultRoutes(api, ctx);
      await pupilRoutes(api, ctx);
      await invitationRoutes(api, ctx);
      await colleagueRoutes(api, ctx);
      await permissionRoutes(api, ctx);
    },
    { prefix: API_PREFIX },
  );

  await registerWebApp(app, ctx.config.WEB_DIST);
  return app;
}
