import { pageQuerySchema } from '../api/common';
import {
  supportAttachmentParamsSchema,
  supportTicketCreatedSchema,
  supportTicketListSchema,
} from '../api/support';
import { defineEndpoint } from '../endpoint';

/** Support messages: sent by any member of the school (demo sessions too), listed for provider staff. */
export const supportEndpoints = {
  /**
   * multipart/form-data: the fields of supportMessageFieldsSchema, files as `attachments`, the screenshot as
   * `screenshot`. A support message is allowed in demo and impersonated sessions (spec 4, architecture).
   */
  submit: defineEndpoint({
    method: 'POST',
    path: '/support/',
    summary: 'Send a support message with its attachments (multipart/form-data)',
    write: 'read-only-allowed',
    status: 201,
    response: supportTicketCreatedSchema,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/support/tickets/',
    summary: 'Support tickets, newest first (provider staff only)',
    query: pageQuerySchema,
    response: supportTicketListSchema,
  }),
  attachment: defineEndpoint({
    method: 'GET',
    path: '/support/tickets/:id/attachments/:attachmentId/',
    summary: "A ticket's attachment (provider staff only)",
    params: supportAttachmentParamsSchema,
  }),
};
