import { shellEndpoints, UPDATE_CHECK_INTERVAL_MS } from '@leerzicht/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpointQueryOptions } from '../../../lib/query-keys';

/** The server's build version, asked again every UPDATE_CHECK_INTERVAL_MS (also in a background tab). */
export const versionQueryOptions = queryOptions({
  ...endpointQueryOptions(shellEndpoints.version, {}),
  refetchInterval: UPDATE_CHECK_INTERVAL_MS,
  refetchIntervalInBackground: true,
  staleTime: 0,
  retry: false,
});

export function useVersionQuery(enabled = true) {
  return useQuery({ ...versionQueryOptions, enabled });
}
