import { screen, waitFor } from '@testing-library/react';
import { isValidElement } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeApi, jsonResponse, silenceExpectedErrors } from '../test/fake-api';
import { profile, signIn } from '../test/fixtures';
import { renderApp } from '../test/render-app';
import { shellReplies } from '../test/shell-fixtures';
import { NotFoundView } from './errors/not-found-view';
import { schoolRoutes } from './school-routes';

describe('routes', () => {
  it('sends a signed-out visitor to login and remembers the wanted path and search', async () => {
    fakeApi({});
    const { router } = renderApp('/app/schools/1?tab=groups');
    expect(await screen.findByRole('heading', { name: 'Inloggen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(window.localStorage.getItem('login_redirect_path')).toBe('/app/schools/1?tab=groups');
  });

  it('redirects any other /auth path to login', async () => {
    fakeApi({});
    const { router } = renderApp('/auth/whatever');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
  });

  it('takes a signed-in user from / via /app to the school list', async () => {
    signIn();
    fakeApi({ 'GET /api/1.0/profile/': jsonResponse(profile) });
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Scholen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/schools');
  });

  it.each(['/not-found', '/app/not-found', '/no/such/page', '/app/nothing-here'])(
    'shows the not-found view on %s',
    async (path) => {
      signIn();
      fakeApi({ 'GET /api/1.0/profile/': jsonResponse(profile) });
      renderApp(path);
      expect(await screen.findByRole('heading', { name: 'Pagina niet gevonden' })).toBeInTheDocument();
    },
  );

  it('logs out from the header: clears the session and shows login', async () => {
    signIn();
    fakeApi({ 'GET /api/1.0/profile/': jsonResponse(profile) });
    const { user, router } = renderApp('/app/schools');
    await user.click(await screen.findByRole('button', { name: 'Uitloggen' }));
    expect(await screen.findByRole('heading', { name: 'Inloggen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('username')).toBeNull();
  });

  it('shows the error view when the profile cannot be loaded', async () => {
    silenceExpectedErrors();
    signIn();
    fakeApi({ 'GET /api/1.0/profile/': jsonResponse({ status: 400, detail: 'Bad request.' }, 400) });
    renderApp('/app/schools', { language: 'en' });
    expect(
      await screen.findByRole('heading', {
        name: 'Oops... We are currently experiencing a technical problem',
      }),
    ).toBeInTheDocument();
  });
});

/** Routes of a school whose page is not built yet (they render the not-found view), with sample parameters. */
function laterSchoolPaths(routes: RouteObject[], prefix: string): string[] {
  return routes.flatMap((route) => {
    const path = route.path ? `${prefix}/${route.path}` : prefix;
    const own =
      isValidElement(route.element) && route.element.type === NotFoundView && route.path ? [path] : [];
    return [...own, ...laterSchoolPaths(route.children ?? [], path)];
  });
}

const SAMPLE_PARAMS: Record<string, string> = {
  ':subjectId': '3',
  ':schoolCalendarYear': '2025',
  ':yearTime': 'M',
  ':yeargradeId': '5',
  ':yearclassId': '18',
  ':pupilId': '7',
  '*': 'anything',
};

describe('routes of a school', () => {
  const paths = laterSchoolPaths(schoolRoutes, '/app/schools/1')
    .filter((path) => !path.includes('/upload'))
    .map((path) => path.replace(/:[a-zA-Z]+|\*/g, (param) => SAMPLE_PARAMS[param] ?? '1'));

  it('has routes a later issue builds', () => {
    expect(paths.length).toBeGreaterThan(0);
  });

  it.each(paths)('shows the not-found view on %s until its page is built', async (path) => {
    signIn();
    fakeApi(shellReplies());
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Pagina niet gevonden' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Hoofdmenu' })).toBeInTheDocument();
  });

  it('shows the not-found view for a school of someone else, on any of its pages', async () => {
    silenceExpectedErrors();
    signIn();
    fakeApi(shellReplies());
    renderApp('/app/schools/99/groups/18/worksheet');
    expect(await screen.findByRole('heading', { name: 'Pagina niet gevonden' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Hoofdmenu' })).not.toBeInTheDocument();
  });
});
