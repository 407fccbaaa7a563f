import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, jsonResponse, silenceExpectedErrors } from '../test/fake-api';
import { profile, signIn } from '../test/fixtures';
import { renderApp } from '../test/render-app';

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
    fakeApi({ 'GET /api/1.0/profile/': jsonResponse({ status: 403, detail: 'Forbidden' }, 403) });
    renderApp('/app/schools', { language: 'en' });
    expect(
      await screen.findByRole('heading', {
        name: 'Oops... We are currently experiencing a technical problem',
      }),
    ).toBeInTheDocument();
  });
});
