import { uploadRefusalSchema } from '@leerzicht/contract';
import type { IntlShape } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';
import { isApiError } from '../../../lib/api-error';

type Values = Record<string, string | number>;

/** The `{name}` and `{name, plural, ...}` arguments of an ICU message. */
function argumentsOf(message: string): string[] {
  return [...message.matchAll(/\{\s*(\w+)\s*[,}]/g)].flatMap((match) => (match[1] ? [match[1]] : []));
}

/**
 * The catalogue's text for a server code (`uploads.rowError.<code>`, `uploads.refusal.<code>`) in the user's
 * language, filled with the values the server sent; the server's English message when the catalogue has no text
 * for the code, or the text needs a value the server did not send (importers add codes over time).
 */
export function codeMessage(
  intl: IntlShape,
  prefix: 'uploads.rowError' | 'uploads.refusal',
  code: string,
  values: Values,
  fallback: string,
): string {
  const id = `${prefix}.${code}`;
  if (!isMessageId(intl, id)) return fallback;
  const text = intl.messages[id];
  if (typeof text !== 'string' || argumentsOf(text).some((name) => !(name in values))) return fallback;
  return intl.formatMessage({ id }, values);
}

function isMessageId(intl: IntlShape, id: string): id is MessageId {
  return Object.hasOwn(intl.messages, id);
}

/** A file refused as a whole: the reason in the user's language and the line where reading stopped. */
export interface FileRefusal {
  message: string;
  line: number | null;
}

/** The refusal of a 400 or 413 answer to an upload, or null when the answer is not one. */
export function refusalOf(intl: IntlShape, error: unknown): FileRefusal | null {
  if (!isApiError(error, 400) && !isApiError(error, 413)) return null;
  const body = uploadRefusalSchema.safeParse(error.body);
  if (!body.success) return null;
  const { code, values, line, detail } = body.data;
  return { message: codeMessage(intl, 'uploads.refusal', code, values, detail), line };
}
