import '@mantine/core/styles.css';
import type { Language } from '@leerzicht/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { catalogues } from '../i18n/messages';
import { LanguageProvider, useLanguage } from '../lib/language-context';
import { cssVariablesResolver, theme } from './theme';

interface AppProvidersProps {
  /** The language to start in (it can change later: the shell's switch, ?lang=, the user's profile). */
  language: Language;
  queryClient: QueryClient;
  children: ReactNode;
}

function Intl({ children }: { children: ReactNode }) {
  const { language } = useLanguage();
  return (
    <IntlProvider locale={language} defaultLocale="nl" messages={catalogues[language]}>
      {children}
    </IntlProvider>
  );
}

export function AppProviders({ language, queryClient, children }: AppProvidersProps) {
  return (
    <LanguageProvider initial={language}>
      <Intl>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </MantineProvider>
      </Intl>
    </LanguageProvider>
  );
}
