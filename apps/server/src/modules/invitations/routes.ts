import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  acceptInvitationRequestSchema,
  acceptInvitationResponseSchema,
  createInvitationsRequestSchema,
  createInvitationsResponseSchema,
  idParamSchema,
  invitationKeyParamSchema,
  invitationSchema,
  removeInvitationRequestSchema,
  removedInvitationResponseSchema,
  schoolInvitationSchema,
  updateInvitationRequestSchema,
} from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { sessionOf } from '../../platform/authentication';
import { acceptInvitation, getInvitationByKey } from './accept-service';
import { createInvitations, removeInvitation, updateInvitation } from './service';

export async function invitationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['invitations'];

  // Superusers of the school (policy in the service: 404 outside the user's schools, 403 for other members).
  api.post(
    '/person_invitation/',
    {
      schema: {
        tags,
        body: createInvitationsRequestSchema,
        response: { 200: createInvitationsResponseSchema },
      },
      preHandler: app.requireSession,
    },
    (request) => createInvitations(ctx, sessionOf(request), request.body, request.log),
  );

  api.post(
    '/person_invitation/remove/',
    {
      schema: {
        tags,
        body: removeInvitationRequestSchema,
        response: { 200: removedInvitationResponseSchema },
      },
      preHandler: app.requireSession,
    },
    (request) => removeInvitation(ctx, sessionOf(request), request.body.id),
  );

  api.patch(
    '/person_invitation/:id',
    {
      schema: {
        tags,
        params: idParamSchema,
        body: updateInvitationRequestSchema,
        response: { 200: schoolInvitationSchema },
      },
      preHandler: app.requireSession,
    },
    (request) => updateInvitation(ctx, sessionOf(request), request.params.id, request.body.isSchoolSuperuser),
  );

  // Public: the key from the e-mailed link is the credential.
  api.get(
    '/person_invitation/:key',
    { schema: { tags, params: invitationKeyParamSchema, response: { 200: invitationSchema } } },
    (request) => getInvitationByKey(ctx, request.params.key),
  );

  api.post(
    '/person_invitation/:key/accept/',
    {
      schema: {
        tags,
        params: invitationKeyParamSchema,
        body: acceptInvitationRequestSchema,
        response: { 200: acceptInvitationResponseSchema },
      },
    },
    (request) => acceptInvitation(ctx, request.params.key, request.body),
  );
}
