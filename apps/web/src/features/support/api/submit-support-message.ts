import { supportEndpoints, type TicketSubject } from '@leerzicht/contract';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export interface SupportMessageInput {
  schoolId: number;
  subject: TicketSubject;
  message: string;
  errorReportId?: string;
  attachments: File[];
  screenshot: File | null;
}

/** The endpoint takes multipart/form-data, which the contract does not describe as a schema. */
const submitEndpoint = supportEndpoints.submit as typeof supportEndpoints.submit & {
  body: z.ZodType<FormData>;
};

/** `POST /support/`: the message and its files as multipart/form-data (allowed in demo sessions). */
export function submitSupportMessage(input: SupportMessageInput) {
  const form = new FormData();
  form.append('school_id', String(input.schoolId));
  form.append('subject', input.subject);
  form.append('message', input.message);
  if (input.errorReportId) form.append('errorReportId', input.errorReportId);
  for (const file of input.attachments) form.append('attachments', file, file.name);
  if (input.screenshot) form.append('screenshot', input.screenshot, input.screenshot.name);
  return api.call(submitEndpoint, { body: form });
}

export function useSubmitSupportMessage() {
  return useMutation({ mutationFn: submitSupportMessage });
}
