import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse } from '../../../test/fake-api';
import { profile as dutchProfile } from '../../../test/fixtures';

// The account's language wins after login: these tests run in English.
const profile = { ...dutchProfile, language: 'en' as const };
import { renderApp } from '../../../test/render-app';

// These tests type a lot through the whole app; the full suite runs many files in parallel.
vi.setConfig({ testTimeout: 20_000 });

function loginButton() {
  return screen.getByRole('button', { name: 'Log in' });
}

describe('login page', () => {
  it('keeps the button disabled until both fields are filled; remember me starts checked', async () => {
    fakeApi({});
    const { user } = renderApp('/auth/login', { language: 'en' });
    expect(await screen.findByLabelText(/Username/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeChecked();
    expect(loginButton()).toBeDisabled();

    await user.type(screen.getByLabelText(/Username/), 'directeur');
    expect(loginButton()).toBeDisabled();
    await user.type(screen.getByLabelText(/Password/), 'welkom-leerzicht');
    expect(loginButton()).toBeEnabled();
    await user.clear(screen.getByLabelText(/Username/));
    expect(loginButton()).toBeDisabled();
  });

  it('switches the login screen between Dutch and English', async () => {
    fakeApi({});
    const { user } = renderApp('/auth/login', { language: 'nl' });
    expect(await screen.findByRole('button', { name: 'Inloggen' })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Taal' }), 'English');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Username/)).toBeInTheDocument();
  });

  it('disables the button while a login runs', async () => {
    let answer: (response: Response) => void = () => {};
    fakeApi({ 'POST /api/1.0/login/': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { user } = renderApp('/auth/login', { language: 'en' });
    await user.type(await screen.findByLabelText(/Username/), 'directeur');
    await user.type(screen.getByLabelText(/Password/), 'wrong');
    await user.click(loginButton());
    await waitFor(() => expect(loginButton()).toBeDisabled());
    answer(jsonResponse({ status: 400, detail: 'Cannot login with specified data.' }, 400));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(loginButton()).toBeEnabled();
  });

  it('shows the error text when the login fails', async () => {
    const fetch = fakeApi({
      'POST /api/1.0/login/': jsonResponse({ status: 400, detail: 'Cannot login with specified data.' }, 400),
    });
    const { user } = renderApp('/auth/login', { language: 'en' });
    await user.type(await screen.findByLabelText(/Username/), 'directeur');
    await user.type(screen.getByLabelText(/Password/), 'wrong{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot login with specified data.');
    expect(fetch.mock.calls.filter(([url]) => String(url).includes('/login/'))).toHaveLength(1);
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('shows the Dutch error text by default', async () => {
    fakeApi({ 'POST /api/1.0/login/': jsonResponse({ status: 400, detail: 'x' }, 400) });
    const { user } = renderApp('/auth/login');
    await user.type(await screen.findByLabelText(/Gebruikersnaam/), 'directeur');
    await user.type(screen.getByLabelText(/Wachtwoord/), 'fout{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Inloggen met de opgegeven gegevens is niet gelukt.',
    );
  });

  it('on Enter logs in, stores the session and opens the school list', async () => {
    const fetch = fakeApi({
      'POST /api/1.0/login/': jsonResponse({ token: 'fresh-token' }),
      'GET /api/1.0/profile/': jsonResponse(profile),
    });
    const { user, router } = renderApp('/auth/login', { language: 'en' });
    await user.type(await screen.findByLabelText(/Username/), ' directeur ');
    await user.type(screen.getByLabelText(/Password/), 'welkom-leerzicht{Enter}');

    expect(await screen.findByRole('heading', { name: 'Schools' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/schools');
    expect(window.localStorage.getItem('token')).toBe('fresh-token');
    expect(window.localStorage.getItem('username')).toBe('directeur');
    const loginCall = fetch.mock.calls.find(([url]) => String(url).includes('/login/'));
    expect(JSON.parse(String(loginCall?.[1]?.body))).toEqual({
      username: 'directeur',
      password: 'welkom-leerzicht',
      rememberMe: true,
    });
  });

  it('returns to the path a signed-out visitor wanted', async () => {
    fakeApi({
      'POST /api/1.0/login/': jsonResponse({ token: 'fresh-token' }),
      'GET /api/1.0/profile/': jsonResponse(profile),
    });
    const { user, router } = renderApp('/app/not-found?from=mail', { language: 'en' });
    await user.type(await screen.findByLabelText(/Username/), 'directeur');
    await user.type(screen.getByLabelText(/Password/), 'welkom-leerzicht');
    await user.click(loginButton());
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/not-found');
    expect(router.state.location.search).toBe('?from=mail');
  });
});
