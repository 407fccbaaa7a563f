import { Navigate, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { HomeRedirect } from '../features/auth/components/home-redirect';
import { AppShellLayout } from './app-shell';
import { NotFoundView } from './errors/not-found-view';
import { RootErrorView } from './errors/root-error-view';
import { RouteErrorView } from './errors/route-error-view';
import { lazyPage } from './lazy-page';
import { RootLayout } from './root-layout';
import { schoolRoutes } from './school-routes';
import { SchoolScope } from './school-scope';
import { LOGIN_ROUTE, redirectWhenSignedIn, requireToken } from './session-loaders';
import { SessionLayout } from './session-layout';

const toLogin = <Navigate to={LOGIN_ROUTE} replace />;

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
            path: 'accept-invite/:key',
            lazy: lazyPage(
              () => import('../features/invitations/pages/accept-invitation-page'),
              (module) => module.AcceptInvitationPage,
            ),
          },
          { index: true, element: toLogin },
          { path: '*', element: toLogin },
        ],
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
        element: <SessionLayout />,
        children: [
          { index: true, element: <Navigate to="/app" replace /> },
          {
            element: <AppShellLayout />,
            children: [
              {
                errorElement: <RouteErrorView />,
                children: [
                  {
                    path: 'app',
                    children: [
                      { index: true, element: <HomeRedirect /> },
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
                        element: <SchoolScope />,
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
];
