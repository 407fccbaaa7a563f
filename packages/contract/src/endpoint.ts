import type { z } from 'zod';

/**
 * One API call described once: the server registers its route from it (validation, OpenAPI, response
 * serialisation) and the web calls it with `api.call(endpoint, input)` and derives its query keys from it.
 * Paths are relative to /api/1.0, end with a slash, and name their parameters `:name` as Fastify does.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Whether a call changes something, and so is refused for demo and impersonated sessions (`write`), or is a write
 * such a session may still make (`read-only-allowed`: login, logout, printouts, support messages). Every call but a
 * GET must say which (the server refuses to start otherwise); a GET that changes something says `write` too.
 */
export type WriteRule = 'write' | 'read-only-allowed';

export interface EndpointDefinition {
  method: HttpMethod;
  path: string;
  write?: WriteRule;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The answer on success; undefined for calls that answer 204 without a body. */
  response?: z.ZodType;
  /** The success status: 200 unless said (201 for a created row, 204 without a body). */
  status?: 200 | 201 | 204;
  summary?: string;
}

export function defineEndpoint<const E extends EndpointDefinition>(definition: E): E {
  return definition;
}

type InputPart<S, Key extends string> = S extends z.ZodType
  ? undefined extends z.input<S>
    ? { [K in Key]?: z.input<S> }
    : { [K in Key]: z.input<S> }
  : { [K in Key]?: never };

/** What the caller passes: path parameters, query and body, each as the schema accepts it. */
export type EndpointInput<E extends EndpointDefinition> = InputPart<E['params'], 'params'> &
  InputPart<E['query'], 'query'> &
  InputPart<E['body'], 'body'>;

/** What the handler gets after validation. */
export interface EndpointParsed<E extends EndpointDefinition> {
  params: E['params'] extends z.ZodType ? z.output<E['params']> : undefined;
  query: E['query'] extends z.ZodType ? z.output<E['query']> : undefined;
  body: E['body'] extends z.ZodType ? z.output<E['body']> : undefined;
}

/** The answer as the web reads it (after parsing), or nothing for 204 calls. */
export type EndpointOutput<E extends EndpointDefinition> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : undefined;

/** The answer as the server writes it (before serialisation through the response schema). */
export type EndpointReply<E extends EndpointDefinition> = E['response'] extends z.ZodType
  ? z.input<E['response']>
  : undefined;

/** True when a demo or impersonated session may not make this call: the client does not send it, the server refuses it. */
export function isRefusedForReadOnly(endpoint: Pick<EndpointDefinition, 'method' | 'write'>): boolean {
  return endpoint.write === 'write' || (endpoint.method !== 'GET' && endpoint.write !== 'read-only-allowed');
}

/** Fills the `:name` parameters of the path; a missing parameter is an error, not an empty segment. */
export function endpointPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '')
      throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
