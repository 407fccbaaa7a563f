import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { UPLOAD_MAX_BYTES, UPLOAD_REPLACE_ECKIDS_MAX_CHARS, uploadFieldsSchema } from '@leerzicht/contract';
import type { z } from 'zod';
import { badRequest, HttpError } from '../../platform/http-errors';
import type { ImportFile } from './importer';
import { UploadRefused } from './importer';

export type UploadFields = z.output<typeof uploadFieldsSchema>;

export interface ReceivedUpload {
  file: ImportFile;
  contentType: string;
  fields: UploadFields;
  /** Removes the temporary file (safe to call twice). */
  discard(): Promise<void>;
}

/**
 * @fastify/multipart's limits: one file, a few short fields; the longest is `replaceEckIds` (the keys of the
 * confirmed ECK-iD conflicts, at most UPLOAD_REPLACE_ECKIDS_MAX_CHARS).
 */
export const UPLOAD_MULTIPART_LIMITS = {
  fileSize: UPLOAD_MAX_BYTES,
  files: 1,
  fields: 10,
  fieldSize: UPLOAD_REPLACE_ECKIDS_MAX_CHARS,
  parts: 12,
};

/** Refused because the file is larger than UPLOAD_MAX_BYTES (answered 413). */
export class UploadTooLarge extends UploadRefused {
  constructor() {
    super('file_too_large', `The file is larger than ${UPLOAD_MAX_BYTES / (1024 * 1024)} MB.`, {
      maxBytes: UPLOAD_MAX_BYTES,
    });
  }
}

function statusOf(error: unknown): number | undefined {
  return typeof error === 'object' &&
    error !== null &&
    'statusCode' in error &&
    typeof error.statusCode === 'number'
    ? error.statusCode
    : undefined;
}

function codeOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;
}

/**
 * Reads the multipart form of a preview or apply call: the one `file` part is streamed to a temporary file under
 * DATA_DIR/upload-tmp (never held whole in memory) while its SHA-256 and size are computed; a file over
 * UPLOAD_MAX_BYTES is refused (413) and its partial copy removed. The other parts are the fields of
 * uploadFieldsSchema (400 per field when they are wrong). The caller must call `discard()` when done.
 */
export async function receiveUpload(request: FastifyRequest, dataDir: string): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw badRequest('Send the file as multipart/form-data.');
  const dir = path.join(dataDir, 'upload-tmp');
  await mkdir(dir, { recursive: true });
  const tempPath = path.join(dir, `${randomUUID()}.upload`);
  const discard = () => rm(tempPath, { force: true });
  const values: Record<string, string> = {};
  let file: ImportFile | null = null;
  let contentType = 'application/octet-stream';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') values[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file' || file !== null) {
        part.file.resume();
        continue;
      }
      const hash = createHash('sha256');
      let size = 0;
      const measure = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
      });
      await pipeline(part.file, measure, createWriteStream(tempPath, { flags: 'wx' }));
      if (part.file.truncated) throw new UploadTooLarge();
      // The name is the user's: kept for the list, cut to a sane length and never used as a path.
      const fileName = (part.filename || 'upload').slice(0, 255);
      file = { path: tempPath, fileName, size, sha256: hash.digest('hex') };
      contentType = part.mimetype || contentType;
    }
  } catch (error) {
    await discard();
    if (error instanceof HttpError || error instanceof UploadRefused) throw error;
    const status = statusOf(error);
    if (status === 413 && codeOf(error) === 'FST_REQ_FILE_TOO_LARGE') throw new UploadTooLarge();
    if (status !== undefined && status < 500) throw badRequest('The multipart form could not be read.');
    throw error;
  }
  if (!file) {
    await discard();
    throw badRequest('Invalid input.', { file: ['Choose a file to upload.'] });
  }
  const parsed = uploadFieldsSchema.safeParse(values);
  if (!parsed.success) {
    await discard();
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues)
      (errors[issue.path.map(String).join('.') || 'non_field_errors'] ??= []).push(issue.message);
    throw badRequest('Invalid input.', errors);
  }
  return { file, contentType, fields: parsed.data, discard };
}
