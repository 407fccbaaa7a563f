import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/** A destination for log lines (one JSON object per write). */
export interface LogStream {
  write(line: string): void;
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
