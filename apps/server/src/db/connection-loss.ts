import { DrizzleQueryError } from 'drizzle-orm';

/**
 * SQLSTATEs that say the connection is gone or the database takes none right now: class 08 (connection
 * exception) is matched by its prefix; 57P01-57P03 and 57P05 are an administrator's or a crash's shutdown, a
 * database still starting or stopping, and an idle session cut off; 25P03 a transaction left idle too long
 * (the server closes the connection); 53300 no connection slot free.
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '57P05', '25P03', '53300']);

/** What Node's sockets say when the database cannot be reached or the connection broke. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * node-postgres and its pool report these without a code: the socket closed under a query, a client whose
 * connection failed is used again, no connection within connectionTimeoutMillis, the socket stayed silent past
 * query_timeout, or the pool was already closed (shutdown).
 */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'is not queryable',
  'timeout exceeded when trying to connect',
  'timeout expired',
  'Query read timeout',
  'Cannot use a pool after calling end on the pool',
];

const MAX_DEPTH = 6;

function codeOf(error: object): string | null {
  return 'code' in error && typeof error.code === 'string' ? error.code : null;
}

function saysUnavailable(error: object): boolean {
  const code = codeOf(error);
  // An error with a code is judged by it alone: a database message can quote any text.
  if (code !== null) return code.startsWith('08') || UNAVAILABLE_STATES.has(code) || SOCKET_CODES.has(code);
  // Drizzle's own error carries the query and its parameters in its message: only its cause is judged.
  if (!(error instanceof Error) || error instanceof DrizzleQueryError) return false;
  const { message } = error;
  return DRIVER_MESSAGES.some((text) => message.startsWith(text) || message.endsWith(text));
}

/**
 * Whether `error` (or what it wraps: Drizzle's DrizzleQueryError keeps the driver's error as its cause, a
 * connection to a name with several addresses fails with an AggregateError) says the database connection was
 * lost or could not be made: the request may succeed on a new connection later, so it is answered 503, not 500.
 * A statement the database refused (a constraint, a timeout, bad input) is not such an error.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > MAX_DEPTH) return false;
  if (saysUnavailable(error)) return true;
  const attempts: unknown[] = error instanceof AggregateError ? error.errors : [];
  if (attempts.some((attempt) => isDatabaseUnavailable(attempt, depth + 1))) return true;
  return error instanceof Error && isDatabaseUnavailable(error.cause, depth + 1);
}

/** The SQLSTATE or socket code behind a lost connection, for the log (never a message: it can quote values). */
export function unavailableCode(error: unknown, depth = 0): string | null {
  if (typeof error !== 'object' || error === null || depth > MAX_DEPTH) return null;
  const code = codeOf(error);
  if (code !== null) return code;
  return error instanceof Error ? unavailableCode(error.cause, depth + 1) : null;
}
