import type { Language, Profile, UpdateUserRequest } from '@leerzicht/contract';
import { profileSchema } from '@leerzicht/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { PROFILE_QUERY_KEY } from '../../../lib/session';

/** `PATCH /rest-auth/user/ {language}`: the interface language of this user, on every device. */
export function saveLanguage(language: Language): Promise<unknown> {
  const request: UpdateUserRequest = { language };
  return apiClient.patch('/rest-auth/user', request, profileSchema.partial());
}

export function useSaveLanguageMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLanguage,
    onMutate: (language) => {
      queryClient.setQueryData<Profile>(PROFILE_QUERY_KEY, (profile) =>
        profile ? { ...profile, language } : profile,
      );
    },
  });
}
