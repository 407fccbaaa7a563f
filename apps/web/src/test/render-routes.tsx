import type { Language } from '@leerzicht/contract';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../lib/query-client';
import { loadAppMessages, loadCatalogue } from '../i18n/messages';

// The whole messages of both languages, before any test of the importing file renders (the app loads them lazily,
// the signed-in pages' part with the signed-in frame).
await loadAppMessages();
await Promise.all([loadCatalogue('nl'), loadCatalogue('en')]);

/** Renders test routes (not the app's) with the real providers, for pieces that need a router. */
export function renderRoutes(
  routes: RouteObject[],
  path: string,
  { language = 'nl' }: { language?: Language } = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders language={language} queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, user };
}
