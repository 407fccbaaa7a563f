import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { routes } from './app/routes';
import { registerServiceWorker } from './app/updates/service-worker';
import { installGlobalErrorReporting } from './lib/error-reporting';
import { resolveLanguage } from './lib/language';

installGlobalErrorReporting();
if (import.meta.env.PROD) registerServiceWorker();

const language = resolveLanguage();
document.documentElement.lang = language;

const router = createBrowserRouter(routes);
const queryClient = createQueryClient();
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders language={language} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
