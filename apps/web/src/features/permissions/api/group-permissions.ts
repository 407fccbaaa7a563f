import {
  permissionEndpoints,
  type ChangePermissionsRequest,
  type UserPermissions,
} from '@leerzicht/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isSuppressed } from '../../../lib/api-client';
import { endpointQueryOptions } from '../../../lib/query-keys';

/** `GET /school_permissions/{schoolId}/`: the group ids each user of the school may read. */
export function schoolPermissionsQueryOptions(schoolId: number) {
  return endpointQueryOptions(permissionEndpoints.list, { params: { schoolId } });
}

export function useSchoolPermissionsQuery(schoolId: number) {
  return useQuery({ ...schoolPermissionsQueryOptions(schoolId), throwOnError: true });
}

/** `POST /school_permissions/add/` or `/remove/`; answers the user's permissions after the change. */
export function changePermissions(action: 'add' | 'remove', request: ChangePermissionsRequest) {
  return api.call(permissionEndpoints[action], { body: request });
}

export function useChangePermissionsMutation(schoolId: number) {
  const queryClient = useQueryClient();
  const { queryKey } = schoolPermissionsQueryOptions(schoolId);
  return useMutation({
    mutationFn: ({ action, request }: { action: 'add' | 'remove'; request: ChangePermissionsRequest }) =>
      changePermissions(action, request),
    onSuccess: (changed) => {
      if (isSuppressed(changed)) return;
      queryClient.setQueryData(queryKey, (current: UserPermissions[] = []) => [
        ...current.filter((entry) => entry.userId !== changed.userId),
        changed,
      ]);
    },
  });
}
