import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { EndpointDefinition, EndpointParsed, EndpointReply } from '@leerzicht/contract';
import { unauthorized } from '../http-errors';
import type { ActiveSession } from '../sessions';
import { stepReadingAgain } from './read-again';

/**
 * What a route needs, declared in one option beside its endpoint:
 * - `auth`: `session` (401 before any input validation without a live session) or `public`;
 * - `pupilData`: whether the route reads or writes pupil data (then every answered request is audited).
 * The write rule is the endpoint's own (`write` in the contract), so the web client follows the same rule.
 */
export interface RouteAccess {
  auth: 'session' | 'public';
  pupilData: 'read' | 'write' | 'none';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    write?: EndpointDefinition['write'];
    /** Whether the route's policy is `publicRoute`: only public routes may have it, and they must. */
    publicPolicy?: boolean;
  }
}

/** The validated input of a call and who makes it. */
export interface RouteCall<E extends EndpointDefinition> {
  input: EndpointParsed<E>;
  /** The live session; null only on public routes. */
  session: ActiveSession | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A call whose validated input has at least this shape: for policies shared by several routes. */
export interface CallWith<Input> {
  session: ActiveSession | null;
  input: Input;
}

/** The session of a call on a `session` route (the onRequest hook has answered 401 without one). */
export function signedIn(call: { session: ActiveSession | null }): ActiveSession {
  if (!call.session) throw unauthorized();
  return call.session;
}

/**
 * A route's access decision, run as a preHandler once the input is valid. It loads what it decides on (through
 * platform/access and the module's repository), applies the module's pure policy functions (throwing 404 or 403)
 * and returns what it allowed: the school access and the loaded objects. The route hands that to its handler, and
 * the service takes it as an argument: no service looks the object up again or decides about access itself.
 */
export type Policy<E extends EndpointDefinition, P> = (call: RouteCall<E>) => Promise<P>;

/** The policy of a public route (`auth: 'public'`): anyone may call it; it allows nothing to hand on. */
export const publicRoute = async (): Promise<null> => null;

/**
 * The policy of a session route about the caller's own account or what every signed-in user may do (the profile,
 * signing out): the live session is all it allows.
 */
export const anySession = async (call: { session: ActiveSession | null }): Promise<ActiveSession> =>
  signedIn(call);

export interface RouteOptions<E extends EndpointDefinition, P> {
  tags: readonly string[];
  access: RouteAccess;
  /** Answers besides the success one that the route may give with their own schema (e.g. 503 of /health/). */
  otherResponses?: Record<number, z.ZodType>;
  bodyLimit?: number;
  /** Every route declares its policy: `publicRoute` on public routes, `anySession` or a module's policy else. */
  policy: Policy<E, P>;
}

/**
 * Fastify validated each part with the very schema named here (fastify-type-provider-zod's validator keeps the
 * parsed value), so the value has the schema's output type; only the compiler cannot follow that through the
 * generic route registration.
 */
function validated<S extends z.ZodType | undefined>(
  _schema: S,
  value: unknown,
): S extends z.ZodType ? z.output<S> : undefined {
  return value as S extends z.ZodType ? z.output<S> : undefined;
}

function inputOf<E extends EndpointDefinition>(endpoint: E, request: FastifyRequest): EndpointParsed<E> {
  return {
    params: validated<E['params']>(endpoint.params, request.params),
    query: validated<E['query']>(endpoint.query, request.query),
    body: validated<E['body']>(endpoint.body, request.body),
  };
}

/**
 * Registers the route of one contract endpoint: validation and OpenAPI from the endpoint's schemas, the answer
 * serialised through its response schema, the access declaration for the platform's hooks (routing/hooks.ts),
 * and the policy as a preHandler. The handler returns the answer (for 204 endpoints: nothing).
 */
export function route<E extends EndpointDefinition, P>(
  app: FastifyInstance,
  endpoint: E,
  options: RouteOptions<E, P>,
  handler: (call: RouteCall<E>, allowed: P) => Promise<EndpointReply<E>> | EndpointReply<E>,
): void {
  const status = endpoint.status ?? 200;
  const callOf = (request: FastifyRequest, reply: FastifyReply): RouteCall<E> => ({
    input: inputOf(endpoint, request),
    session: request.session,
    request,
    reply,
  });
  const { policy } = options;
  // What the policy allowed, from its preHandler to the handler of the same request.
  const allowedBy = new WeakMap<FastifyRequest, { value: P }>();
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      tags: [...options.tags],
      ...(endpoint.summary ? { summary: endpoint.summary } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.response ? { response: { ...options.otherResponses, [status]: endpoint.response } } : {}),
    },
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    config: { access: options.access, write: endpoint.write, publicPolicy: Object.is(policy, publicRoute) },
    preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
      const value = await stepReadingAgain(request, reply, () => policy(callOf(request, reply)));
      allowedBy.set(request, { value });
    },
    handler: async (request, reply) => {
      const allowed = allowedBy.get(request);
      if (!allowed) throw new Error(`the policy of ${endpoint.method} ${endpoint.path} did not run`);
      const answer = await stepReadingAgain(request, reply, async () =>
        handler(callOf(request, reply), allowed.value),
      );
      if (reply.sent) return reply;
      if (status === 204) return reply.code(204).send();
      // A handler may answer with another status it declared (the health check's 503).
      return reply.code(reply.statusCode === 200 ? status : reply.statusCode).send(answer);
    },
  });
}
