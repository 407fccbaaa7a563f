import { accountEndpoints, type Language, type Profile } from '@leerzicht/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { PROFILE_QUERY_KEY } from '../../../lib/session';

/** `PATCH /rest-auth/user/ {language}`: the interface language of this user, on every device. */
export function saveLanguage(language: Language) {
  return api.call(accountEndpoints.updateUser, { body: { language } });
}

/** The cached profile takes the language at once; a read-only session's choice is not sent and stays local. */
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
