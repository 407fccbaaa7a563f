import type { Language } from '@leerzicht/contract';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { routes } from '../app/routes';
import { storage } from '../lib/storage';

/** Renders the whole app (real routes, providers and API client) at `path`; only fetch is faked. */
export function renderApp(path: string, { language = 'nl' }: { language?: Language } = {}) {
  // As if this browser had chosen the language before: it wins over the profile's (see LanguageSync).
  storage.setLanguage(language);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders language={language} queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, user };
}
