import './public-styles';
import type { Language } from '@leerzicht/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import {
  anyLoadedCatalogue,
  cataloguesVersion,
  loadCatalogue,
  loadedCatalogue,
  subscribeToCatalogues,
} from '../i18n/messages';
import { LanguageProvider, useLanguage } from '../lib/language-context';
import { cssVariablesResolver, theme } from './theme';

interface AppProvidersProps {
  /** The language to start in (it can change later: the shell's switch, ?lang=, the user's profile). */
  language: Language;
  /**
   * A query client for everything (tests). Without one, the parts that read server data provide the app's own
   * (QueryScope): the login page starts without TanStack Query.
   */
  queryClient?: QueryClient;
  children: ReactNode;
}

/**
 * The messages of the chosen language, loaded on first use (main.tsx loads the first before it renders). While
 * another language's messages load, the current ones stay; if they cannot load, the choice goes back to a
 * language that is there.
 */
function Intl({ children }: { children: ReactNode }) {
  const { language, setLanguage } = useLanguage();
  useSyncExternalStore(subscribeToCatalogues, cataloguesVersion);
  const messages = loadedCatalogue(language);
  useEffect(() => {
    if (messages) return;
    let current = true;
    loadCatalogue(language).catch(() => {
      const fallback = anyLoadedCatalogue();
      if (current && fallback) setLanguage(fallback.language);
    });
    return () => {
      current = false;
    };
  }, [language, messages, setLanguage]);
  const shown = messages ? { language, messages } : anyLoadedCatalogue(language);
  if (!shown) return null;
  return (
    <IntlProvider locale={shown.language} defaultLocale="nl" messages={shown.messages}>
      {children}
    </IntlProvider>
  );
}

export function AppProviders({ language, queryClient, children }: AppProvidersProps) {
  return (
    <LanguageProvider initial={language}>
      <Intl>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
          {queryClient ? (
            <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
          ) : (
            children
          )}
        </MantineProvider>
      </Intl>
    </LanguageProvider>
  );
}
