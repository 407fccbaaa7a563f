import { sessionSchoolYearSchema, type Profile, type SessionSchoolYear } from '@leerzicht/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { PROFILE_QUERY_KEY } from '../../../lib/session';

export function changeSchoolYear(request: SessionSchoolYear): Promise<SessionSchoolYear> {
  return apiClient.put('/session/school-year', request, sessionSchoolYearSchema);
}

/**
 * Switches the school year this session looks at. The profile's currentSchoolYear changes at once (the
 * school queries are keyed by it); read-only sessions keep the choice for this page only.
 */
export function useChangeSchoolYearMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeSchoolYear,
    onMutate: ({ currentSchoolYear }) => {
      queryClient.setQueryData<Profile>(PROFILE_QUERY_KEY, (profile) =>
        profile ? { ...profile, currentSchoolYear } : profile,
      );
    },
  });
}
