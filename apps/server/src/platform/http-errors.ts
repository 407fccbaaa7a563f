/** An error a route throws on purpose; the error handler answers it as `{ status, detail, errors? }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly fieldErrors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
    /** More fields of the answer beside status, detail and errors (e.g. an upload refusal's code and line). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

export const badRequest = (detail: string, fieldErrors?: Record<string, string[]>) =>
  new HttpError(400, detail, fieldErrors);
export const unauthorized = (detail = 'Authentication credentials were not provided or are invalid.') =>
  new HttpError(401, detail);
export const forbidden = (detail = 'You do not have permission to perform this action.') =>
  new HttpError(403, detail);
export const notFound = (detail = 'Not found.') => new HttpError(404, detail);
/** How long a wait is, in words: seconds under a minute, otherwise minutes rounded up. */
function waitInWords(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** 429 with the wait in Retry-After (whole seconds) and in the detail. */
export function tooManyRequests(retryAfterSeconds: number): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new HttpError(429, `Too many attempts. Try again in ${waitInWords(seconds)}.`, undefined, {
    'Retry-After': String(seconds),
  });
}
