import { DrizzleQueryError } from 'drizzle-orm';

/** What the log may keep of a failed query: the statement and the database's code and message. */
export interface QueryFailure {
  query: string;
  code?: string;
  cause?: string;
}

const MAX_CAUSE_DEPTH = 5;

/** The failed query behind `error` (itself or a cause), or null when no query failed. */
export function findQueryError(error: unknown): DrizzleQueryError | null {
  let current: unknown = error;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && current instanceof Error; depth += 1) {
    if (current instanceof DrizzleQueryError) return current;
    current = current.cause;
  }
  return null;
}

/**
 * A failed query without its parameters: Drizzle's message and stack list them (session ids, e-mail
 * addresses, names), so only the statement text, the PostgreSQL error code and the driver's message are kept.
 * PostgreSQL can quote a value in its message ("invalid input syntax for type integer: "…""), so parameter
 * values are cut out of that message too.
 */
export function describeQueryError(error: DrizzleQueryError): QueryFailure {
  const cause: unknown = error.cause;
  const failure: QueryFailure = { query: error.query };
  if (typeof cause === 'object' && cause !== null) {
    if ('code' in cause && typeof cause.code === 'string') failure.code = cause.code;
    if ('message' in cause && typeof cause.message === 'string') {
      failure.cause = withoutParams(cause.message, error.params);
    }
  }
  return failure;
}

function withoutParams(message: string, params: unknown[]): string {
  let result = message;
  for (const param of params) {
    const value =
      typeof param === 'string' || typeof param === 'number' || typeof param === 'bigint'
        ? String(param)
        : '';
    // Short values (1, true, 'nl') would cut words out of the message and identify no one.
    if (value.length >= 3) result = result.split(value).join('[param]');
  }
  return result;
}
