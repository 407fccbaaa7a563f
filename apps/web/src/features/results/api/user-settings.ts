import {
  DEFAULT_USER_SETTINGS,
  userSettingsSchema,
  type UserSettings,
  type UserSettingsInput,
} from '@leerzicht/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const userSettingsQueryKey = ['user-settings'] as const;

/** `GET /user-settings/` (the server creates the defaults on first read). */
export function getUserSettings(): Promise<UserSettings> {
  return apiClient.get('/user-settings', userSettingsSchema);
}

/** `PUT /user-settings/update/`: the changed fields; answers the whole settings object. */
export function updateUserSettings(input: UserSettingsInput): Promise<UserSettings> {
  return apiClient.put('/user-settings/update', input, userSettingsSchema);
}

export function userSettingsQueryOptions() {
  return queryOptions({ queryKey: userSettingsQueryKey, queryFn: getUserSettings, staleTime: Infinity });
}

/** The settings, or the defaults while they load (the charts need not wait for them). */
export function useUserSettings(): UserSettings {
  const { data } = useQuery(userSettingsQueryOptions());
  return data ?? DEFAULT_USER_SETTINGS;
}

/** Saves a change at once and shows it before the answer arrives; a failure restores the previous settings. */
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
    // A read-only session's write is not sent and echoes the input: keep the merged settings then.
    onSuccess: (settings) => {
      const parsed = userSettingsSchema.safeParse(settings);
      if (parsed.success) queryClient.setQueryData(userSettingsQueryKey, parsed.data);
    },
  });
}
