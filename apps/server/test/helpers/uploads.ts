import { createHash } from 'node:crypto';
import { api, authed, type TestApp } from './app';
import { multipartPayload } from './ticketing';

/** The hex SHA-256 of a file, as the preview names it and applying asks for it. */
export const sha256 = (content: Buffer | string) => createHash('sha256').update(content).digest('hex');

export interface UploadFile {
  name: string;
  content: Buffer | string;
  type: string;
}

/** An EDEXML file as the upload page sends it. */
export const edexmlFile = (content: Buffer, name = 'leerlingen.xml'): UploadFile => ({
  name,
  content,
  type: 'application/xml',
});

/** POSTs a file with its fields (kind, sha256, skipRowErrors) to a school's upload preview or apply route. */
export async function sendUpload(
  t: TestApp,
  token: string,
  schoolId: number,
  step: 'preview' | 'apply',
  file: UploadFile,
  fields: Record<string, string>,
) {
  const { payload, headers } = await multipartPayload(fields, [{ field: 'file', ...file }]);
  const url = step === 'preview' ? `/schools/${schoolId}/uploads/preview/` : `/schools/${schoolId}/uploads/`;
  return t.app.inject(authed(token, { method: 'POST', url: api(url), payload, headers }));
}
