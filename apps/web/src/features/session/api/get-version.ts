import { UPDATE_CHECK_INTERVAL_MS, versionSchema, type VersionInfo } from '@leerzicht/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export function getVersion(): Promise<VersionInfo> {
  return apiClient.get('/version', versionSchema);
}

/** The server's build version, asked again every UPDATE_CHECK_INTERVAL_MS (also in a background tab). */
export const versionQueryOptions = queryOptions({
  queryKey: ['version'],
  queryFn: getVersion,
  refetchInterval: UPDATE_CHECK_INTERVAL_MS,
  refetchIntervalInBackground: true,
  staleTime: 0,
  retry: false,
});

export function useVersionQuery(enabled = true) {
  return useQuery({ ...versionQueryOptions, enabled });
}
