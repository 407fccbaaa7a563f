import type { Profile } from '@leerzicht/contract';
import { useEffect } from 'react';
import { useSaveLanguageMutation } from '../features/session/api/save-language';
import { useLanguage } from '../lib/language-context';
import { storage } from '../lib/storage';

/**
 * The language persists per user: the shell's switch saves the choice to the user's account (also when it
 * was made before the profile loaded); a browser without a choice of its own (none stored, no ?lang=)
 * takes the account's language.
 */
export function useLanguageSync(profile: Profile): void {
  const { language, setLanguage } = useLanguage();
  const save = useSaveLanguageMutation();
  const { mutate } = save;

  useEffect(() => {
    if (storage.isLanguagePending()) {
      storage.setLanguagePending(false);
      if (language !== profile.language) mutate(language);
    } else if (storage.getLanguage() === null && profile.language !== language) {
      setLanguage(profile.language);
    }
  }, [language, profile.language, setLanguage, mutate]);
}

export function LanguageSync({ profile }: { profile: Profile }) {
  useLanguageSync(profile);
  return null;
}
