import { LANGUAGES, type Language } from '@leerzicht/contract';
import { storage } from './storage';

export const DEFAULT_LANGUAGE: Language = 'nl';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The interface language: `?lang=en|nl` switches it (and is remembered),
 * otherwise the stored choice, otherwise Dutch.
 */
export function resolveLanguage(search: string = window.location.search): Language {
  const requested = new URLSearchParams(search).get('lang');
  if (isLanguage(requested)) {
    storage.setLanguage(requested);
    return requested;
  }
  const stored = storage.getLanguage();
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}
