import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import qs from 'qs';
import { shellEndpoints } from '@leerzicht/contract';
import type { AppContext } from './context';
import { registerAuthentication } from './platform/authentication';
import { registerErrorHandler } from './platform/error-handler';
import { registerCloseDrain } from './platform/close-drain';
import { registerCompression } from './platform/compression';
import {
  type LogStream,
  loggerOptions,
  quietLogLevel,
  registerQuietRoutes,
  requestLogController,
} from './platform/logger';
import { registerNoStore } from './platform/no-store';
import { registerSecurityHeaders } from './platform/security-headers';
import { registerOpenApi } from './platform/openapi';
import { registerRouteRules, responseSerializerCompiler } from './platform/routing/index';
import { registerWebApp } from './platform/web-app';
import { accountRoutes } from './modules/account/index';
import { adminRoutes } from './modules/admin/index';
import { authRoutes } from './modules/auth/index';
import { schoolRoutes } from './modules/schools/index';
import { catalogRoutes } from './modules/catalog/index';
import { resultRoutes } from './modules/results/index';
import { pupilRoutes } from './modules/pupils/index';
import { settingsRoutes } from './modules/settings/index';
import { invitationRoutes } from './modules/invitations/index';
import { colleagueRoutes } from './modules/colleagues/index';
import { permissionRoutes } from './modules/permissions/index';
import { allNoteRoutes, noteRoutes, scoreNoteRoutes, yearClassNoteRoutes } from './modules/notes/index';
import { observationRoutes } from './modules/observations/index';
import { pupilNoteCategoryRoutes } from './modules/pupil-note-categories/index';
import { groupPlanNoteRoutes, noteCategoryRoutes } from './modules/note-categories/index';
import { approachRoutes } from './modules/approaches/index';
import { groupPlanRoutes } from './modules/group-plans/index';
import { planReportRoutes } from './modules/plan-reports/index';
import { pupilReportRoutes } from './modules/pupil-reports/index';
import { goalRoutes } from './modules/goals/index';
import { nationalTestExclusionRoutes } from './modules/national-test-exclusions/index';
import { pupilsToDiscussRoutes } from './modules/pupils-to-discuss/index';
import { shellRoutes } from './modules/shell/index';
import { supportRoutes } from './modules/support/index';
import { uploadRoutes } from './modules/uploads/index';
import { inspectorateRoutes } from './modules/inspectorate/index';
import { schoolConnectionRoutes } from './modules/school-connection/index';
import { dataRetentionRoutes } from './modules/data-retention/index';
import { systemRoutes } from './modules/system/index';

export const API_PREFIX = '/api/1.0';

export interface BuildAppOptions {
  ctx: AppContext;
  ping: () => Promise<boolean>;
  /** Where the log goes instead of standard output (tests read it). */
  logStream?: LogStream;
}

export async function buildApp({ ctx, ping, logStream }: BuildAppOptions): Promise<FastifyInstance> {
  const common = {
    routerOptions: {
      ignoreTrailingSlash: true,
      // Bracket arrays and nested objects: include[]=a&include[]=b, filter[a]=b.
      querystringParser: (query: string) => qs.parse(query, { depth: 4, arrayLimit: 200 }),
    },
    genReqId: () => randomUUID(),
    // One line per answered request; in production only failed and slow ones at info (platform/logger.ts).
    logController: requestLogController(
      ctx.config.NODE_ENV === 'production' ? 'failed-and-slow' : 'every-request',
    ),
    // In-flight requests finish on close; idle keep-alive sockets are closed at once.
    forceCloseConnections: 'idle' as const,
    // Whether request.ip comes from X-Forwarded-For (TRUST_PROXY); the rate limits count by it.
    trustProxy: ctx.config.TRUST_PROXY,
  };
  const app = Fastify({ ...common, logger: loggerOptions(ctx.config, logStream) });

  // First, so every route gets them: helmet's headers (also on the access check's 401 and 403), compression
  // (its onSend hook) and quiet logs for the health check.
  registerSecurityHeaders(app);
  registerCompression(app);
  registerQuietRoutes(app, ctx.config, [`${API_PREFIX}${shellEndpoints.health.path}`]);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler(ctx.config.RESPONSE_VALIDATION));
  registerErrorHandler(app);
  registerCloseDrain(app);
  registerAuthentication(app);
  // Routes declare session or public, their write rule and pupil data; these hooks enforce the declarations.
  registerRouteRules(app, ctx, API_PREFIX);
  registerNoStore(app, API_PREFIX);

  await registerOpenApi(app, ctx.buildVersion, ctx.config.API_DOCS);

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
      await observationRoutes(api, ctx);
      await noteRoutes(api, ctx);
      await scoreNoteRoutes(api, ctx);
      await yearClassNoteRoutes(api, ctx);
      await pupilNoteCategoryRoutes(api, ctx);
      await noteCategoryRoutes(api, ctx);
      await groupPlanNoteRoutes(api, ctx);
      await allNoteRoutes(api, ctx);
      await approachRoutes(api, ctx);
      await groupPlanRoutes(api, ctx);
      await planReportRoutes(api, ctx);
      await pupilReportRoutes(api, ctx);
      await goalRoutes(api, ctx);
      await nationalTestExclusionRoutes(api, ctx);
      await pupilsToDiscussRoutes(api, ctx);
      await supportRoutes(api, ctx);
      await uploadRoutes(api, ctx);
      await inspectorateRoutes(api, ctx);
      await schoolConnectionRoutes(api, ctx);
      await dataRetentionRoutes(api, ctx);
    },
    { prefix: API_PREFIX },
  );

  await registerWebApp(app, ctx.config.WEB_DIST, quietLogLevel(ctx.config));
  return app;
}
