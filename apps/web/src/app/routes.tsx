import { Navigate, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { AppShellLayout } from './app-shell';
import { NotFoundView } from './errors/not-found-view';
import { RootErrorView } from './errors/root-error-view';
import { RouteErrorView } from './errors/route-error-view';
import { lazyPage } from './lazy-page';
import { LOGIN_ROUTE, redirectWhenSignedIn, requireToken } from './session-loaders';
import { SessionLayout } from './session-layout';

const toLogin = <Navigate to={LOGIN_ROUTE} replace />;

export const routes: RouteObject[] = [
  {
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
          { index: true, element: toLogin },
          { path: '*', element: toLogin },
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
                      { index: true, element: <Navigate to="/app/schools" replace /> },
                      {
                        path: 'schools',
                        lazy: lazyPage(
                          () => import('../features/schools/pages/schools-page'),
                          (module) => module.SchoolsPage,
                        ),
                      },
                      {
                        path: 'schools/:schoolId',
                        lazy: lazyPage(
                          () => import('../features/schools/pages/school-page'),
                          (module) => module.SchoolPage,
                        ),
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
