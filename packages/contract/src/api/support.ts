import { z } from 'zod';
import { ATTACHMENT_MAX_BYTES, SUPPORT_MESSAGE_MAX, TICKET_SUBJECTS } from '../constants';
import { idParam, multilineText, text } from './common';

/*
 * Support messages (spec sections 2-5, 7). The browser posts the message and its files to our server as
 * multipart/form-data (`POST /support/`); the server stores the ticket and forwards it to the ticketing service,
 * so its access key never reaches the browser. Paths ours.
 */

/** At most this many files besides the screenshot. */
export const ATTACHMENT_MAX_COUNT = 10;

export const SUPPORT_ERRORS = {
  messageRequired: 'Enter a message.',
  messageTooLong: `The message can be at most ${SUPPORT_MESSAGE_MAX} characters.`,
  subjectRequired: 'Choose a subject.',
  attachmentTooLarge: `Each attachment can be at most ${ATTACHMENT_MAX_BYTES / 1024 / 1024} MB.`,
  tooManyAttachments: `At most ${ATTACHMENT_MAX_COUNT} attachments.`,
  duplicateName: 'Two attachments have the same name.',
  notMultipart: 'Send the message as multipart/form-data.',
} as const;

export const ticketSubjectSchema = z.enum(TICKET_SUBJECTS, { error: SUPPORT_ERRORS.subjectRequired });
export type TicketSubject = z.infer<typeof ticketSubjectSchema>;

/**
 * The text fields of the multipart form (files go as `attachments` parts and one optional `screenshot` part).
 * `errorReportId` is the error-report event id when the message is feedback on an error view.
 */
export const supportMessageFieldsSchema = z.object({
  school_id: idParam,
  subject: ticketSubjectSchema,
  message: multilineText({ error: SUPPORT_ERRORS.messageRequired })
    .trim()
    .min(1, SUPPORT_ERRORS.messageRequired)
    .max(SUPPORT_MESSAGE_MAX, SUPPORT_ERRORS.messageTooLong),
  errorReportId: text().trim().max(100).optional(),
});
export type SupportMessageFields = z.input<typeof supportMessageFieldsSchema>;

export const SUPPORT_TICKET_STATES = ['pending', 'sent', 'failed', 'local'] as const;

export const supportTicketCreatedSchema = z.object({
  id: z.number().int(),
  status: z.enum(SUPPORT_TICKET_STATES),
});
export type SupportTicketCreated = z.infer<typeof supportTicketCreatedSchema>;

export const supportAttachmentSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  isScreenshot: z.boolean(),
});

/** A ticket as provider staff see it in the list (spec section 3 "Support message" with its properties). */
export const supportTicketSchema = z.object({
  id: z.number().int(),
  schoolId: z.number().int(),
  subject: ticketSubjectSchema,
  message: z.string(),
  email: z.string(),
  name: z.string(),
  properties: z.record(z.string(), z.union([z.string(), z.boolean(), z.number(), z.null()])),
  status: z.enum(SUPPORT_TICKET_STATES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  attachments: z.array(supportAttachmentSchema),
});
export type SupportTicket = z.infer<typeof supportTicketSchema>;

export const supportTicketListSchema = z.object({
  count: z.number().int(),
  results: z.array(supportTicketSchema),
});
export type SupportTicketList = z.infer<typeof supportTicketListSchema>;

export const supportAttachmentParamsSchema = z.object({ id: idParam, attachmentId: idParam });
