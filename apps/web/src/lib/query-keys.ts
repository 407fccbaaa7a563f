import type { EndpointDefinition, EndpointInput } from '@leerzicht/contract';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from './api-client';

/** `[path, params, query]`: every query of an endpoint starts with its path, so one prefix finds them all. */
export type EndpointQueryKey = readonly [path: string, params: unknown, query: unknown];

/** An endpoint that only reads, and so is never held back in a read-only session. */
export type ReadEndpoint = EndpointDefinition & { method: 'GET'; write?: undefined };

type ParamsOf<E extends EndpointDefinition> = EndpointInput<E> extends { params?: infer P } ? P : never;

/** The query key of a read: the one factory every query key of the app comes from. */
export function queryKeyOf<E extends EndpointDefinition>(
  endpoint: E,
  input?: EndpointInput<E>,
): EndpointQueryKey;
export function queryKeyOf(
  endpoint: EndpointDefinition,
  input: { params?: unknown; query?: unknown } = {},
): EndpointQueryKey {
  return [endpoint.path, input.params ?? {}, input.query ?? {}];
}

/** Query options of a read: its key from queryKeyOf, its data from `api.call`. */
export function endpointQueryOptions<E extends ReadEndpoint>(endpoint: E, input: EndpointInput<E>) {
  return queryOptions({
    queryKey: queryKeyOf(endpoint, input),
    queryFn: ({ signal }) => api.call(endpoint, input, { signal }),
  });
}

/** Marks every cached read of the endpoint stale (those with these path parameters when given). */
export function invalidate<E extends EndpointDefinition>(
  queryClient: QueryClient,
  endpoint: E,
  params?: ParamsOf<E>,
): Promise<void> {
  return queryClient.invalidateQueries({
    queryKey: params === undefined ? [endpoint.path] : [endpoint.path, params],
  });
}
