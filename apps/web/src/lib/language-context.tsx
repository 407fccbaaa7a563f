import type { Language } from '@leerzicht/contract';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { storage } from './storage';

interface LanguageState {
  language: Language;
  /** Switches the interface now (without saving it for the user). */
  setLanguage: (language: Language) => void;
  /** The user's choice in the shell: switches and marks it to be saved for the user (see LanguageSync). */
  chooseLanguage: (language: Language) => void;
}

const LanguageContext = createContext<LanguageState | null>(null);

export function LanguageProvider({ initial, children }: { initial: Language; children: ReactNode }) {
  const [language, setState] = useState<Language>(initial);
  const setLanguage = useCallback((next: Language) => {
    storage.setLanguage(next);
    document.documentElement.lang = next;
    setState(next);
  }, []);
  const chooseLanguage = useCallback(
    (next: Language) => {
      storage.setLanguagePending(true);
      setLanguage(next);
    },
    [setLanguage],
  );
  const value = useMemo(
    () => ({ language, setLanguage, chooseLanguage }),
    [language, setLanguage, chooseLanguage],
  );
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

export function useLanguage(): LanguageState {
  const state = useContext(LanguageContext);
  if (!state) throw new Error('useLanguage is used outside the LanguageProvider');
  return state;
}
