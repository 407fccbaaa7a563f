import { hiddenNotificationListSchema, shellEndpoints, type HiddenNotification } from '@leerzicht/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { queryKeyOf } from '../../../lib/query-keys';
import { storage } from '../../../lib/storage';
import { isHidden } from '../notice-rules';

const hiddenNotificationsQueryKey = queryKeyOf(shellEndpoints.hiddenNotifications);

const localStoreSchema = z.record(z.string(), hiddenNotificationListSchema);

/** The browser's copy per username: read-only sessions (demo) do not send the hide, but it still sticks here. */
function readLocal(username: string): HiddenNotification[] {
  try {
    const parsed = localStoreSchema.safeParse(JSON.parse(storage.getHiddenNotifications() ?? '{}'));
    return parsed.success ? (parsed.data[username] ?? []) : [];
  } catch {
    return [];
  }
}

function writeLocal(username: string, list: HiddenNotification[]): void {
  let all: Record<string, HiddenNotification[]> = {};
  try {
    const parsed = localStoreSchema.safeParse(JSON.parse(storage.getHiddenNotifications() ?? '{}'));
    if (parsed.success) all = parsed.data;
  } catch {
    // A damaged copy is replaced.
  }
  storage.setHiddenNotifications(JSON.stringify({ ...all, [username]: list }));
}

function merge(a: HiddenNotification[], b: HiddenNotification[]): HiddenNotification[] {
  return b.reduce((list, item) => (isHidden(list, item) ? list : [...list, item]), a);
}

export async function getHiddenNotifications(): Promise<HiddenNotification[]> {
  const fromServer = await api.call(shellEndpoints.hiddenNotifications, {});
  return merge(fromServer, readLocal(storage.getUsername() ?? ''));
}

export const hiddenNotificationsQueryOptions = queryOptions({
  queryKey: hiddenNotificationsQueryKey,
  queryFn: getHiddenNotifications,
  staleTime: Infinity,
});

export function useHiddenNotificationsQuery() {
  return useQuery(hiddenNotificationsQueryOptions);
}

export function hideNotification(notification: HiddenNotification) {
  return api.call(shellEndpoints.hideNotification, { body: notification });
}

/** Hides a notice at once (cache and browser copy), then tells the server (not in a read-only session). */
export function useHideNotificationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: hideNotification,
    onMutate: (notification) => {
      const username = storage.getUsername() ?? '';
      writeLocal(username, merge(readLocal(username), [notification]));
      queryClient.setQueryData<HiddenNotification[]>(hiddenNotificationsQueryKey, (list = []) =>
        merge(list, [notification]),
      );
    },
  });
}
