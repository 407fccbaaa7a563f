import {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import pino from 'pino';
import type { Config } from '../config';

/** A destination for log lines (one JSON object per write). */
export interface LogStream {
  write(line: string): void;
}

/** A log destination that must be flushed before the process exits. */
export interface FlushableLogStream extends LogStream {
  flushSync(): void;
}

/**
 * Production's standard output: lines are buffered and written asynchronously (a request does not wait for
 * the write), so the process flushes it on shutdown. `dest`: a file descriptor (1: standard output) or a path.
 */
export function asyncLogDestination(dest: number | string = 1): FlushableLogStream {
  return pino.destination({ dest, sync: false, minLength: 4096 });
}

/**
 * Structured logs without personal data: request logs carry method, route and status only (no query
 * strings, which can hold pupil names), and credentials are redacted wherever they appear.
 */
export function loggerOptions(
  config: Pick<Config, 'LOG_LEVEL'>,
  stream?: LogStream,
): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.token',
        '*.email',
        '*.username',
        '*.totpChallenge',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request: { method: string; url: string; id: string; routeOptions?: { url?: string } }) {
        return {
          id: request.id,
          method: request.method,
          route: request.routeOptions?.url ?? request.url.split('?')[0],
        };
      },
      res(reply: { statusCode: number }) {
        return { statusCode: reply.statusCode };
      },
    },
  };
}

/**
 * The level for routes that are called often and say little (the health check, the built files): at the
 * default info level their requests are not logged, their warnings and errors are; at debug or trace,
 * everything is.
 */
export function quietLogLevel(config: Pick<Config, 'LOG_LEVEL'>): 'warn' | undefined {
  return config.LOG_LEVEL === 'info' ? 'warn' : undefined;
}

/** Gives the routes at these paths the quiet level; a failed answer (5xx) of theirs is still logged. */
export function registerQuietRoutes(
  app: FastifyInstance,
  config: Pick<Config, 'LOG_LEVEL'>,
  urls: readonly string[],
): void {
  const level = quietLogLevel(config);
  if (!level) return;
  const quiet = new Set(urls);
  // Only on these routes: an onResponse hook on every route would cost every request.
  const logFailure = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (reply.statusCode >= 500) {
      request.log.warn({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
    done();
  };
  app.addHook('onRoute', (route) => {
    if (!quiet.has(route.url)) return;
    route.logLevel = level;
    const own = route.onResponse;
    route.onResponse = own ? [...(Array.isArray(own) ? own : [own]), logFailure] : [logFailure];
  });
}

/** Which answered requests get their line at info (the rest at debug). */
export type RequestLogMode = 'every-request' | 'failed-and-slow';

/** An answer that took at least this long is logged at info in the `failed-and-slow` mode. */
export const SLOW_REQUEST_MS = 1000;

/**
 * One line per request, when it is answered (method, route, status, time): Fastify's line for the incoming
 * request is written at debug instead of info. Routes with the quiet level (registerQuietRoutes) are not
 * logged at info at all.
 *
 * `failed-and-slow` (production): only answers with status 400 and up, errors and slow answers are logged at
 * info; a fast successful answer's line is written at debug. Building, redacting and writing a line for every
 * request took about a tenth of the CPU time of a small answer (/version/ profiled), for lines that say little.
 */
class AnsweredRequestLog extends LogController {
  constructor(private readonly mode: RequestLogMode) {
    super();
  }

  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const responseTime = reply.elapsedTime;
    if (error) {
      reply.log.error({ req: request, res: reply, responseTime, err: error }, 'request errored');
      return;
    }
    const routine =
      this.mode === 'failed-and-slow' && reply.statusCode < 400 && responseTime < SLOW_REQUEST_MS;
    const details = { req: request, res: reply, responseTime };
    if (routine) reply.log.debug(details, 'request completed');
    else reply.log.info(details, 'request completed');
  }
}

export function requestLogController(mode: RequestLogMode = 'every-request'): LogController {
  return new AnsweredRequestLog(mode);
}
