import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { inspectorateEndpoints as endpoints } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { route, signedIn } from '../../platform/routing/index';
import { answeringRefusals } from '../uploads/index';
import { requireInspectorateImporter } from './access';
import { INSPECTORATE_MULTIPART_LIMITS } from './intake';
import { applyInspectorateFile, previewInspectorateFile } from './service';

/**
 * The inspectorate's open data for every school: preview (changes nothing) and apply (one transaction, with the
 * preview's hash). Provider staff in their own session only (403 for everyone else). The figures are the
 * inspectorate's school aggregates, not pupil data; applying them is audited per school.
 */
export async function inspectorateRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const tags = ['inspectorate'];
  const access = { auth: 'session', pupilData: 'none' } as const;
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: INSPECTORATE_MULTIPART_LIMITS });
    const policy = (call: Parameters<typeof signedIn>[0]) => requireInspectorateImporter(ctx, signedIn(call));
    route(scope, endpoints.preview, { tags, access, policy }, (call, allowed) =>
      answeringRefusals(() => previewInspectorateFile(ctx, allowed, call.request)),
    );
    route(scope, endpoints.apply, { tags, access, policy }, (call, allowed) =>
      answeringRefusals(() => applyInspectorateFile(ctx, allowed, call.request)),
    );
  });
}
