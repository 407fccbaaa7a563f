import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { SERVICE_UNAVAILABLE_DETAIL, type ApiErrorBody } from '@leerzicht/contract';
import { isDatabaseUnavailable, unavailableCode } from '../db/connection-loss';
import { HttpError } from './http-errors';
import { describeQueryError, findQueryError } from './query-errors';

/** A restart of PostgreSQL takes a few seconds; a failover to a standby somewhat longer. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Maps every failure to the JSON error shape of the API conventions, with per-field messages for bad input. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      // A deliberate server-side failure (e.g. a two-step secret the server cannot open) must still be found.
      if (error.statusCode >= 500) request.log.error({ detail: error.detail }, 'request failed');
      if (error.headers) void reply.headers(error.headers);
      const body: ApiErrorBody = { status: error.statusCode, detail: error.detail };
      if (error.fieldErrors) body.errors = error.fieldErrors;
      return reply.code(error.statusCode).send({ ...error.extra, ...body });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const params = issue.params as { issue?: { path?: PropertyKey[] } };
        const path = params.issue?.path ?? [];
        const field =
          path.length > 0
            ? path.map(String).join('.')
            : issue.instancePath.replace(/^\//, '') || 'non_field_errors';
        (errors[field] ??= []).push(issue.message ?? 'Invalid value');
      }
      return reply.code(400).send({ status: 400, detail: 'Invalid input.', errors } satisfies ApiErrorBody);
    }
    const queryError = findQueryError(error);
    if (isDatabaseUnavailable(error)) {
      // The connection was lost (restart, failover) or none could be made: the same request may well succeed
      // in a moment, so 503 with Retry-After (load balancers and the web client wait and try again), logged as
      // a warning with the statement and code only.
      request.log.warn(
        { db: queryError ? describeQueryError(queryError) : { code: unavailableCode(error) } },
        'database unavailable',
      );
      void reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.code(503).send({ status: 503, detail: SERVICE_UNAVAILABLE_DETAIL } satisfies ApiErrorBody);
    }
    if (queryError) {
      // Never error.message or error.stack here: Drizzle writes the query's parameters into both.
      request.log.error({ db: describeQueryError(queryError) }, 'database query failed');
      return reply.code(500).send({ status: 500, detail: 'Internal server error.' } satisfies ApiErrorBody);
    }
    if (isResponseSerializationError(error)) {
      request.log.error(
        { err: { message: error.message, url: error.url } },
        'response did not match its schema',
      );
      return reply.code(500).send({ status: 500, detail: 'Internal server error.' } satisfies ApiErrorBody);
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 500) {
      request.log.error(
        { err: { message: error.message, stack: error.stack, code: error.code } },
        'request failed',
      );
      return reply.code(500).send({ status: 500, detail: 'Internal server error.' } satisfies ApiErrorBody);
    }
    // Fastify's own client errors (malformed JSON, too large, rate limit): keep their status, no internals.
    return reply.code(statusCode).send({ status: statusCode, detail: error.message } satisfies ApiErrorBody);
  });
}
