import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changePermissionsRequestSchema,
  schoolIdParamSchema,
  schoolPermissionsSchema,
  userPermissionsSchema,
} from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { sessionOf } from '../../platform/authentication';
import { getSchoolPermissions, grantPermissions, revokePermissions } from './service';

/** Teacher group permissions, managed by the school's superusers (404 outside the user's schools, 403 otherwise). */
export async function permissionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['permissions'];

  api.get(
    '/school_permissions/:schoolId/',
    {
      schema: { tags, params: schoolIdParamSchema, response: { 200: schoolPermissionsSchema } },
      preHandler: app.requireSession,
    },
    (request) => getSchoolPermissions(ctx, sessionOf(request), request.params.schoolId),
  );

  api.post(
    '/school_permissions/add/',
    {
      schema: { tags, body: changePermissionsRequestSchema, response: { 200: userPermissionsSchema } },
      preHandler: app.requireSession,
    },
    (request) => grantPermissions(ctx, sessionOf(request), request.body),
  );

  api.post(
    '/school_permissions/remove/',
    {
      schema: { tags, body: changePermissionsRequestSchema, response: { 200: userPermissionsSchema } },
      preHandler: app.requireSession,
    },
    (request) => revokePermissions(ctx, sessionOf(request), request.body),
  );
}
