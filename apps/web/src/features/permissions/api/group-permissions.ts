import {
  schoolPermissionsSchema,
  schoolSchema,
  userPermissionsSchema,
  type ChangePermissionsRequest,
  type School,
  type UserPermissions,
} from '@leerzicht/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const permissionsQueryKey = (schoolId: number) => ['school-permissions', schoolId] as const;

/** `GET /school_permissions/{schoolId}/`: the group ids each user of the school may read. */
export function getSchoolPermissions(schoolId: number): Promise<UserPermissions[]> {
  return apiClient.get(`/school_permissions/${schoolId}`, schoolPermissionsSchema);
}

export function useSchoolPermissionsQuery(schoolId: number) {
  return useQuery({
    queryKey: permissionsQueryKey(schoolId),
    queryFn: () => getSchoolPermissions(schoolId),
    throwOnError: true,
  });
}

/** The school with its groups of the current school year (the groups a teacher can be given). */
export function schoolGroupsQueryOptions(schoolId: number) {
  return queryOptions({
    queryKey: ['schools', schoolId],
    queryFn: (): Promise<School> => apiClient.get(`/schools/${schoolId}`, schoolSchema),
  });
}

export function useSchoolGroupsQuery(schoolId: number) {
  return useQuery({ ...schoolGroupsQueryOptions(schoolId), throwOnError: true });
}

/** `POST /school_permissions/add/` or `/remove/`; answers the user's permissions after the change. */
export function changePermissions(action: 'add' | 'remove', request: ChangePermissionsRequest) {
  // Parsed again: a read-only (demo) session gets its own body back instead of an answer.
  return apiClient
    .post(`/school_permissions/${action}`, request, userPermissionsSchema)
    .then((answer) => userPermissionsSchema.parse(answer));
}

export function useChangePermissionsMutation(schoolId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, request }: { action: 'add' | 'remove'; request: ChangePermissionsRequest }) =>
      changePermissions(action, request),
    onSuccess: (changed) =>
      queryClient.setQueryData<UserPermissions[]>(permissionsQueryKey(schoolId), (current = []) => [
        ...current.filter((entry) => entry.userId !== changed.userId),
        changed,
      ]),
  });
}
