import { Navigate, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { loadAppMessages } from '../i18n/messages';
import { NotFoundView } from './errors/not-found-view';
import { RootErrorView } from './errors/root-error-view';
import { RouteErrorView } from './errors/route-error-view';
import { lazyPage } from './lazy-page';
import { RootLayout } from './root-layout';
import { schoolRoutes } from './school-routes';
import { LOGIN_ROUTE, redirectWhenSignedIn, requireToken } from './session-loaders';

const toLogin = <Navigate to={LOGIN_ROUTE} replace />;

/*
 * Every page, and the signed-in frame around them (session, shell with its menu and header, school scope), is
 * imported lazily: the login page loads none of it, and a page loads only its own code. React Router loads the
 * lazy parts of all matched routes at once, so nesting them adds no round trips.
 */

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RootErrorView />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        path: 'auth',
        children: [
          {
            path: 'login',
            loader: redirectWhenSignedIn,
            lazy: lazyPage(
              () => import('../features/auth/pages/login-page'),
              (module) => module.LoginPage,
            ),
          },
          {
            // The e-mailed sign-in link (features/auth/api/sign-in-link.ts): a public page like the login.
            path: 'sign-in-link/:token',
            loader: redirectWhenSignedIn,
            lazy: lazyPage(
              () => import('../features/auth/pages/sign-in-link-page'),
              (module) => module.SignInLinkPage,
            ),
          },
          { index: true, element: toLogin },
          { path: '*', element: toLogin },
        ],
      },
      {
        // Every other page reads server data: TanStack Query and the app's query client load with them.
        lazy: lazyPage(
          () => import('./query-scope'),
          (module) => module.QueryLayout,
        ),
        children: [
          {
            path: 'auth/accept-invite/:key',
            lazy: lazyPage(
              () => import('../features/invitations/pages/accept-invitation-page'),
              (module) => module.AcceptInvitationPage,
            ),
          },
          {
            path: 'accounts/email/confirm/:token',
            lazy: lazyPage(
              () => import('../features/account/pages/email-confirm-page'),
              (module) => module.EmailConfirmPage,
            ),
          },
          {
            path: 'accounts/password_reset',
            children: [
              {
                index: true,
                lazy: lazyPage(
                  () => import('../features/password-reset/pages/password-reset-request-page'),
                  (module) => module.PasswordResetRequestPage,
                ),
              },
              {
                path: 'confirm/:token',
                lazy: lazyPage(
                  () => import('../features/password-reset/pages/password-reset-confirm-page'),
                  (module) => module.PasswordResetConfirmPage,
                ),
              },
            ],
          },
          {
            path: '/',
            loader: requireToken,
            // The signed-in pages' messages load with their frame (the login page has only the public ones).
            lazy: lazyPage(
              () => Promise.all([import('./session-layout'), loadAppMessages()]).then(([module]) => module),
              (module) => module.SessionLayout,
            ),
            children: [
              { index: true, element: <Navigate to="/app" replace /> },
              {
                lazy: lazyPage(
                  () => import('./app-shell'),
                  (module) => module.AppShellLayout,
                ),
                children: [
                  {
                    errorElement: <RouteErrorView />,
                    children: [
                      {
                        path: 'app',
                        children: [
                          {
                            index: true,
                            lazy: lazyPage(
                              () => import('../features/auth/components/home-redirect'),
                              (module) => module.HomeRedirect,
                            ),
                          },
                          {
                            path: 'account',
                            lazy: lazyPage(
                              () => import('../features/account/pages/account-page'),
                              (module) => module.AccountPage,
                            ),
                          },
                          {
                            path: 'schools',
                            lazy: lazyPage(
                              () => import('../features/schools/pages/schools-page'),
                              (module) => module.SchoolsPage,
                            ),
                          },
                          {
                            // The school's pages (and Management, incl. admin/permissions): see school-routes.tsx.
                            path: 'schools/:schoolId',
                            lazy: lazyPage(
                              () => import('./school-scope'),
                              (module) => module.SchoolScope,
                            ),
                            children: schoolRoutes,
                          },
                          { path: 'not-found', element: <NotFoundView /> },
                          { path: '*', element: <NotFoundView /> },
                        ],
                      },
                      { path: 'not-found', element: <NotFoundView /> },
                      { path: '*', element: <NotFoundView /> },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];
