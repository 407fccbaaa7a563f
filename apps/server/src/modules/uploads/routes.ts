import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { uploadEndpoints as endpoints } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { route, signedIn } from '../../platform/routing/index';
import { UPLOAD_MULTIPART_LIMITS } from './intake';
import { answeringRefusals } from './refusal';
import { requireUploader } from './access';
import { applyUpload, inviteTeachers, listSchoolUploads, previewUpload } from './service';

/**
 * Uploads of a school (EDEXML, national and method results): preview (changes nothing), apply (one transaction,
 * with the preview's hash), the list of uploads, and inviting the file's teachers. Provider staff who are
 * superusers of the school only: 404 for everyone else, on every route. Pupil data: written (audited).
 */
export async function uploadRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const tags = ['uploads'];
  const access = { auth: 'session', pupilData: 'write' } as const;

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: UPLOAD_MULTIPART_LIMITS });
    route(
      scope,
      endpoints.preview,
      { tags, access, policy: (call) => requireUploader(ctx, signedIn(call), call.input.params.id) },
      (call, school) => answeringRefusals(() => previewUpload(ctx, signedIn(call), school, call.request)),
    );
    route(
      scope,
      endpoints.apply,
      { tags, access, policy: (call) => requireUploader(ctx, signedIn(call), call.input.params.id) },
      (call, school) => answeringRefusals(() => applyUpload(ctx, signedIn(call), school, call.request)),
    );
  });

  route(
    app,
    endpoints.list,
    {
      tags,
      access: { auth: 'session', pupilData: 'none' },
      policy: (call) => requireUploader(ctx, signedIn(call), call.input.params.id),
    },
    (call, school) => listSchoolUploads(ctx, school, call.input.query),
  );
  route(
    app,
    endpoints.inviteTeachers,
    {
      tags,
      access: { auth: 'session', pupilData: 'none' },
      policy: (call) => requireUploader(ctx, signedIn(call), call.input.body.schoolId),
    },
    (call, school) => inviteTeachers(ctx, signedIn(call), school, call.input.body, call.request.log),
  );
}
