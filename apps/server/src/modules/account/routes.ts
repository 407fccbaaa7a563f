import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  detailResponseSchema,
  passwordChangeRequestSchema,
  passwordConfirmRequestSchema,
  passwordConfirmResponseSchema,
  passwordResetConfirmRequestSchema,
  passwordResetRequestSchema,
  profileSchema,
  updateUserRequestSchema,
} from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { sessionOf } from '../../platform/authentication';
import { changePassword } from './password-change';
import { confirmPassword } from './password-confirmation';
import { confirmPasswordReset, requestPasswordReset } from './password-reset';
import { getProfile } from './service';
import { updateUser } from './user-update';

export async function accountRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/profile/',
    { schema: { tags: ['account'], response: { 200: profileSchema } }, preHandler: app.requireSession },
    (request) => getProfile(ctx, sessionOf(request)),
  );

  api.patch(
    '/rest-auth/user/',
    {
      schema: { tags: ['account'], body: updateUserRequestSchema, response: { 200: profileSchema } },
      preHandler: app.requireSession,
    },
    (request) => updateUser(ctx, sessionOf(request), request.body),
  );

  api.post(
    '/rest-auth/password/confirm/',
    {
      schema: {
        tags: ['account'],
        body: passwordConfirmRequestSchema,
        response: { 200: passwordConfirmResponseSchema },
      },
      preHandler: app.requireSession,
    },
    (request) => confirmPassword(ctx, sessionOf(request), request.body, { ip: request.ip }),
  );

  api.post(
    '/rest-auth/password/change/',
    {
      schema: {
        tags: ['account'],
        body: passwordChangeRequestSchema,
        response: { 200: detailResponseSchema },
      },
      preHandler: app.requireSession,
    },
    (request) => changePassword(ctx, sessionOf(request), request.body, { ip: request.ip }),
  );

  api.post(
    '/rest-auth/password/reset/',
    {
      schema: {
        tags: ['account'],
        body: passwordResetRequestSchema,
        response: { 200: detailResponseSchema },
      },
    },
    (request) => requestPasswordReset(ctx, request.body, { ip: request.ip }, request.log),
  );

  api.post(
    '/rest-auth/password/reset/confirm/',
    {
      schema: {
        tags: ['account'],
        body: passwordResetConfirmRequestSchema,
        response: { 200: detailResponseSchema },
      },
    },
    (request) => confirmPasswordReset(ctx, request.body),
  );
}
