import { shellEndpoints, type Profile, type SessionSchoolYear } from '@leerzicht/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { PROFILE_QUERY_KEY } from '../../../lib/session';

/** `PUT /session/school-year/`: the school year this session looks at. */
export function changeSchoolYear(request: SessionSchoolYear) {
  return api.call(shellEndpoints.setSchoolYear, { body: request });
}

/**
 * Switches the school year this session looks at. The profile's currentSchoolYear changes at once (the
 * school queries are keyed by it); a read-only session's choice is not sent and lasts for this page only.
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
