import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  clientErrorReceiptSchema,
  clientErrorReportSchema,
  hiddenNotificationListSchema,
  hiddenNotificationSchema,
  hideNotificationRequestSchema,
  sessionSchoolYearSchema,
  versionSchema,
} from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { sessionOf } from '../../platform/authentication';
import {
  changeSessionSchoolYear,
  getHiddenNotifications,
  hideNotification,
  reportClientError,
} from './service';

/** What the app shell needs: build version, client error reports, hidden notices, the session's school year. */
export async function shellRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/version/',
    { schema: { tags: ['shell'], response: { 200: versionSchema } } },
    async (_request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      return { version: ctx.buildVersion };
    },
  );

  // Public: errors also happen before sign-in, and read-only sessions must still be able to report.
  api.post(
    '/client-errors/',
    {
      schema: { tags: ['shell'], body: clientErrorReportSchema, response: { 201: clientErrorReceiptSchema } },
      bodyLimit: 32 * 1024,
    },
    async (request, reply) => {
      const receipt = await reportClientError(ctx, request.body, { ip: request.ip, log: request.log });
      return reply.code(201).send(receipt);
    },
  );

  api.get(
    '/hidden-notifications/',
    {
      schema: { tags: ['shell'], response: { 200: hiddenNotificationListSchema } },
      preHandler: app.requireSession,
    },
    (request) => getHiddenNotifications(ctx, sessionOf(request)),
  );

  api.post(
    '/hidden-notifications/',
    {
      schema: {
        tags: ['shell'],
        body: hideNotificationRequestSchema,
        response: { 200: hiddenNotificationSchema },
      },
      preHandler: app.requireSession,
    },
    (request) => hideNotification(ctx, sessionOf(request), request.body),
  );

  api.put(
    '/session/school-year/',
    {
      schema: { tags: ['shell'], body: sessionSchoolYearSchema, response: { 200: sessionSchoolYearSchema } },
      preHandler: app.requireSession,
    },
    (request) => changeSessionSchoolYear(ctx, sessionOf(request), request.body),
  );
}
