import type { Language } from '@leerzicht/contract';

/**
 * The help guide (spec 2: the support dialog's 'Is your question about:' menu, and the two-step "more information"
 * link). One place for its addresses: VITE_HELP_URL sets the guide's base address at build time; the pages below
 * it have a default per language.
 */
export const HELP_TOPICS = ['login', 'tests', 'users', 'keyDefinitions', 'pupil'] as const;
export type HelpTopic = (typeof HELP_TOPICS)[number] | 'twoStep';

const PAGES: Record<Language, Record<HelpTopic, string>> = {
  nl: {
    login: 'inloggen',
    tests: 'toetsen',
    users: 'gebruikers',
    keyDefinitions: 'sleuteldefinities',
    pupil: 'leerlingen',
    twoStep: 'tweestapsverificatie',
  },
  en: {
    login: 'en/signing-in',
    tests: 'en/tests',
    users: 'en/users',
    keyDefinitions: 'en/key-definitions',
    pupil: 'en/pupils',
    twoStep: 'en/two-step-verification',
  },
};

const DEFAULT_HELP_URL = 'https://help.leerzicht.example';

function helpBase(): string {
  const configured: unknown = import.meta.env.VITE_HELP_URL;
  return (typeof configured === 'string' && configured !== '' ? configured : DEFAULT_HELP_URL).replace(
    /\/+$/,
    '',
  );
}

export function helpUrl(topic: HelpTopic, language: Language): string {
  return `${helpBase()}/${PAGES[language][topic]}`;
}
export const SUPPORT_EMAIL = 'support@leerzicht.example';
