import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { routes } from './app/routes';
import { registerServiceWorker } from './app/updates/service-worker';
import { loadCatalogue } from './i18n/messages';
import { installGlobalErrorReporting } from './lib/error-reporting';
import { resolveLanguage } from './lib/language';

installGlobalErrorReporting();
if (import.meta.env.PROD) registerServiceWorker();

const language = resolveLanguage();
document.documentElement.lang = language;

// The router starts loading the matched routes' lazy parts at once, while the language's messages load.
const catalogue = loadCatalogue(language);
const router = createBrowserRouter(routes);
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const root = createRoot(container);

function render() {
  root.render(
    <StrictMode>
      <AppProviders language={language}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

// Without its messages the app renders nothing yet: the providers try the catalogue once more (a failure is
// reported as an unhandled rejection, see error-reporting).
catalogue.then(render, (error: unknown) => {
  render();
  throw error;
});
