import '@mantine/core/styles.css';
import type { Language } from '@leerzicht/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { catalogues } from '../i18n/messages';
import { theme } from './theme';

interface AppProvidersProps {
  language: Language;
  queryClient: QueryClient;
  children: ReactNode;
}

export function AppProviders({ language, queryClient, children }: AppProvidersProps) {
  return (
    <IntlProvider locale={language} defaultLocale="nl" messages={catalogues[language]}>
      <MantineProvider theme={theme}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </IntlProvider>
  );
}
