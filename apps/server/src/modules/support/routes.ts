import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { supportEndpoints as endpoints } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { createTicketingService } from '../../platform/ticketing';
import { route, signedIn } from '../../platform/routing/index';
import { authorizeSupportMessage, requireTicketReader } from './access';
import { createTicketForwarder } from './forwarder';
import { MULTIPART_LIMITS } from './intake';
import { listSupportTickets, readSupportAttachment, submitSupportMessage } from './service';

/**
 * Support messages. Sending is open to every member of the school named in the form (404 otherwise), in demo and
 * impersonated sessions too (the endpoint's write rule is `read-only-allowed`); the policy reads the form to
 * check the school it names. Stored tickets and their files are provider staff's (404 for everyone else).
 */
export async function supportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const tags = ['support'];
  const { TICKETING_URL, TICKETING_KEY } = ctx.config;
  const forwarder = TICKETING_URL
    ? createTicketForwarder(
        ctx,
        createTicketingService({ url: TICKETING_URL, key: TICKETING_KEY ?? '' }),
        app.log,
      )
    : null;
  if (forwarder) {
    app.addHook('onReady', () => forwarder.resumePending());
    app.addHook('onClose', () => forwarder.close());
  }

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: MULTIPART_LIMITS });
    route(
      scope,
      endpoints.submit,
      {
        tags,
        access: { auth: 'session', pupilData: 'none' },
        policy: (call) => authorizeSupportMessage(ctx, signedIn(call), call.request),
      },
      (call, allowed) => submitSupportMessage(ctx, signedIn(call), allowed, forwarder),
    );
  });

  route(
    app,
    endpoints.list,
    {
      tags,
      access: { auth: 'session', pupilData: 'none' },
      policy: (call) => requireTicketReader(ctx, signedIn(call)),
    },
    (call) => listSupportTickets(ctx, call.input.query),
  );
  route(
    app,
    endpoints.attachment,
    {
      tags,
      access: { auth: 'session', pupilData: 'none' },
      policy: (call) => requireTicketReader(ctx, signedIn(call)),
    },
    async (call) => {
      const file = await readSupportAttachment(ctx, call.input.params.id, call.input.params.attachmentId);
      await call.reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
        .send(file.content);
      return undefined;
    },
  );
}
