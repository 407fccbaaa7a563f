import { HttpError } from '../../platform/http-errors';
import { UploadRefused } from './importer';
import { UploadTooLarge } from './intake';

/**
 * Runs an upload call; a file refused as a whole answers 400 (413 when too large) with the refusal's code, line
 * and values beside the usual error body (contract: uploadRefusalSchema), so that the web can name the reason in
 * the user's language; `errors.file` carries the English message for generic forms.
 */
export async function answeringRefusals<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof UploadRefused)) throw error;
    const status = error instanceof UploadTooLarge ? 413 : 400;
    throw new HttpError(status, error.message, { file: [error.message] }, undefined, {
      code: error.code,
      message: error.message,
      line: error.line,
      values: error.values,
    });
  }
}
