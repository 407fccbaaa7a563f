import type { FastifyRequest } from 'fastify';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_COUNT,
  SUPPORT_ERRORS,
  supportMessageFieldsSchema,
} from '@leerzicht/contract';
import type { z } from 'zod';
import { badRequest, HttpError } from '../../platform/http-errors';
import { sniffContentType } from './sniff';

export interface ReceivedFile {
  fileName: string;
  content: Buffer;
  contentType: string;
}

export interface ReceivedMessage {
  fields: z.output<typeof supportMessageFieldsSchema>;
  attachments: ReceivedFile[];
  screenshot: ReceivedFile | null;
}

/** @fastify/multipart's limits: one more file than allowed, so that the count is ours to refuse with a 400. */
export const MULTIPART_LIMITS = {
  fileSize: ATTACHMENT_MAX_BYTES,
  files: ATTACHMENT_MAX_COUNT + 2,
  fields: 10,
  fieldSize: 16 * 1024,
  parts: ATTACHMENT_MAX_COUNT + 12,
};

const tooLarge = () =>
  new HttpError(413, SUPPORT_ERRORS.attachmentTooLarge, { attachments: [SUPPORT_ERRORS.attachmentTooLarge] });

function statusOf(error: unknown): number | undefined {
  return typeof error === 'object' &&
    error !== null &&
    'statusCode' in error &&
    typeof error.statusCode === 'number'
    ? error.statusCode
    : undefined;
}

/**
 * Reads the multipart form of POST /support/ whole (at most ATTACHMENT_MAX_COUNT files of ATTACHMENT_MAX_BYTES
 * plus a screenshot) and checks every rule of spec section 5 before anything is stored: a file over the limit
 * answers 413, too many files, two of the same name or a bad message 400. Content types are sniffed.
 */
export async function readSupportMessage(request: FastifyRequest): Promise<ReceivedMessage> {
  if (!request.isMultipart()) throw badRequest(SUPPORT_ERRORS.notMultipart);
  const values: Record<string, string> = {};
  const attachments: ReceivedFile[] = [];
  let screenshot: ReceivedFile | null = null;
  let fileCount = 0;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') values[part.fieldname] = part.value;
        continue;
      }
      fileCount += 1;
      if (fileCount > ATTACHMENT_MAX_COUNT + 1) {
        await part.toBuffer().catch(() => undefined);
        continue;
      }
      const content = await part.toBuffer();
      const file = { fileName: part.filename || 'file', content, contentType: sniffContentType(content) };
      if (part.fieldname === 'screenshot' && screenshot === null) screenshot = file;
      else attachments.push(file);
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const status = statusOf(error);
    if (status === 413) {
      // @fastify/multipart answers 413 for a file over fileSize and for too many files or parts.
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
      throw badRequest(SUPPORT_ERRORS.tooManyAttachments, {
        attachments: [SUPPORT_ERRORS.tooManyAttachments],
      });
    }
    if (status !== undefined && status < 500) throw badRequest('The multipart form could not be read.');
    throw error;
  }
  if (attachments.length > ATTACHMENT_MAX_COUNT)
    throw badRequest(SUPPORT_ERRORS.tooManyAttachments, { attachments: [SUPPORT_ERRORS.tooManyAttachments] });
  const names = new Set<string>();
  for (const file of attachments) {
    if (names.has(file.fileName))
      throw badRequest(SUPPORT_ERRORS.duplicateName, { attachments: [SUPPORT_ERRORS.duplicateName] });
    names.add(file.fileName);
  }
  const parsed = supportMessageFieldsSchema.safeParse(values);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues)
      (errors[issue.path.map(String).join('.') || 'non_field_errors'] ??= []).push(issue.message);
    throw badRequest('Invalid input.', errors);
  }
  return { fields: parsed.data, attachments, screenshot };
}
