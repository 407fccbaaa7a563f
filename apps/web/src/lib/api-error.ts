/** Thrown for every non-OK response; `body` is the parsed JSON, or the text when it is not JSON. */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly body: unknown;
  /** The wait a 429 (or 503) asks for in its Retry-After header, in seconds; null without one. */
  readonly retryAfterSeconds: number | null;

  constructor(status: number, statusText: string, body: unknown, retryAfterSeconds: number | null = null) {
    super(`Request failed with status ${status}${statusText ? ` ${statusText}` : ''}`);
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText;
    this.body = body;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Retry-After as seconds from now: either delay-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** Thrown by a page that finds nothing to show (e.g. a malformed id); the route shows the not-found view. */
export class NotFoundError extends Error {
  constructor(message = 'Not found') {
    super(message);
    this.name = 'NotFoundError';
  }
}

/** Thrown by a route the user may not open (e.g. Management for a teacher); the route shows the no-access view. */
export class AccessDeniedError extends Error {
  constructor(message = 'Access denied') {
    super(message);
    this.name = 'AccessDeniedError';
  }
}
