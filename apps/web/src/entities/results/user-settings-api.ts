import {
  DEFAULT_USER_SETTINGS,
  settingsEndpoints,
  type UserSettings,
  type UserSettingsInput,
} from '@leerzicht/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isSuppressed } from '../../lib/api-client';
import { endpointQueryOptions, queryKeyOf } from '../../lib/query-keys';

const userSettingsQueryKey = queryKeyOf(settingsEndpoints.get);

/** `PUT /user-settings/update/`: the changed fields; answers the whole settings object. */
export function updateUserSettings(input: UserSettingsInput) {
  return api.call(settingsEndpoints.update, { body: input });
}

/** `GET /user-settings/` (the server creates the defaults on first read). */
export function userSettingsQueryOptions() {
  return queryOptions({ ...endpointQueryOptions(settingsEndpoints.get, {}), staleTime: Infinity });
}

/** The settings, or the defaults while they load (the charts need not wait for them). */
export function useUserSettings(): UserSettings {
  const { data } = useQuery(userSettingsQueryOptions());
  return data ?? DEFAULT_USER_SETTINGS;
}

/**
 * Saves a change at once and shows it before the answer arrives; a failure restores the previous settings. A
 * read-only session's change is not sent and stays for this page only.
 */
export function useUpdateUserSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserSettings,
    onMutate: (input) => {
      const previous = queryClient.getQueryData<UserSettings>(userSettingsQueryKey) ?? DEFAULT_USER_SETTINGS;
      queryClient.setQueryData<UserSettings>(userSettingsQueryKey, { ...previous, ...input });
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context) queryClient.setQueryData(userSettingsQueryKey, context.previous);
    },
    onSuccess: (settings) => {
      if (!isSuppressed(settings)) queryClient.setQueryData(userSettingsQueryKey, settings);
    },
  });
}
