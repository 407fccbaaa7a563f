import type { Language } from '@leerzicht/contract';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../lib/query-client';
import { routes } from '../app/routes';
import { loadCatalogue } from '../i18n/messages';
import { storage } from '../lib/storage';

/** Loads the page modules the routes import lazily, so that opening a route later waits for no import. */
async function preloadLazyRoutes(list: RouteObject[]): Promise<void> {
  await Promise.all(
    list.map(async (route) => {
      if (typeof route.lazy === 'function') await route.lazy();
      if (route.children) await preloadLazyRoutes(route.children);
    }),
  );
}

// Before any test of the importing file runs. The first import of a page (and of Recharts behind the charts'
// React.lazy) can take seconds on a cold, busy machine, longer than a findBy* query waits; once loaded, the app's
// own lazy loading still runs but resolves at once.
// The messages of both languages too (the app loads them lazily; main.tsx waits for the first).
await Promise.all([
  preloadLazyRoutes(routes),
  import('../components/charts/results-chart'),
  loadCatalogue('nl'),
  loadCatalogue('en'),
]);

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
