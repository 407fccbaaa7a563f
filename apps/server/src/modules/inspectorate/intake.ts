import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { inspectorateUploadFieldsSchema, UPLOAD_MAX_BYTES } from '@leerzicht/contract';
import { badRequest } from '../../platform/http-errors';
import { UploadRefused } from '../uploads/index';

/** @fastify/multipart's limits for the inspectorate's file: one file, the preview's hash. */
export const INSPECTORATE_MULTIPART_LIMITS = { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 2, parts: 3 };

export interface ReceivedFile {
  bytes: Uint8Array;
  fileName: string;
  sha256: string;
  /** The hash the apply call sends (its preview's). */
  previewSha256: string | undefined;
}

/**
 * Reads the multipart form into memory (the file is at most UPLOAD_MAX_BYTES, and an ODS must be unzipped whole):
 * the `file` part and the optional `sha256` field (400 per field when wrong).
 */
export async function receiveInspectorateFile(request: FastifyRequest): Promise<ReceivedFile> {
  if (!request.isMultipart()) throw badRequest('Send the file as multipart/form-data.');
  const fields: Record<string, string> = {};
  let file: { bytes: Buffer; fileName: string } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file' || file !== null) {
        part.file.resume();
        continue;
      }
      const bytes = await part.toBuffer();
      file = { bytes, fileName: (part.filename || 'upload').slice(0, 255) };
    }
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new UploadRefused(
        'file_too_large',
        `The file is larger than ${UPLOAD_MAX_BYTES / (1024 * 1024)} MB.`,
        {
          maxBytes: UPLOAD_MAX_BYTES,
        },
      );
    }
    throw badRequest('The multipart form could not be read.');
  }
  if (!file) throw badRequest('Invalid input.', { file: ['Choose a file to upload.'] });
  const parsed = inspectorateUploadFieldsSchema.safeParse(fields);
  if (!parsed.success)
    throw badRequest('Invalid input.', { sha256: ['Send the hash the preview answered.'] });
  return {
    bytes: file.bytes,
    fileName: file.fileName,
    sha256: createHash('sha256').update(file.bytes).digest('hex'),
    previewSha256: parsed.data.sha256,
  };
}
