import {
  LOGIN_MARKERS,
  SIGN_IN_LINK_INVALID,
  SIGN_IN_LINK_REQUESTED_DETAIL,
  SIGN_IN_LINK_VALID_MINUTES,
} from '@leerzicht/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { storage } from '../../../lib/storage';
import { fakeApi, jsonResponse, type FakeRequest } from '../../../test/fake-api';
import { profile as dutchProfile } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const profile = { ...dutchProfile, language: 'en' as const };
const TOKEN = 'de-sleutel-uit-de-mail';

// These tests type through the whole app; the full suite runs many files in parallel.
vi.setConfig({ testTimeout: 20_000 });

function tooMany(retryAfter: string): Response {
  const body = { status: 429, detail: 'Too many attempts.' };
  return new Response(JSON.stringify(body), {
    status: 429,
    headers: { 'Content-Type': 'application/json', 'Retry-After': retryAfter },
  });
}

async function submitCredentials(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText(/Username/), 'leerkracht');
  await user.type(screen.getByLabelText(/Password/), 'welkom-leerzicht{Enter}');
}

describe('login: a sign-in link instead of the wait', () => {
  it('offers the link with the wait and sends the username; the answer says nothing about the account', async () => {
    const bodies: unknown[] = [];
    fakeApi({
      'POST /api/1.0/login/': tooMany('30'),
      'POST /api/1.0/login/link/': (request: FakeRequest) => {
        bodies.push(request.body);
        return jsonResponse({ detail: SIGN_IN_LINK_REQUESTED_DETAIL });
      },
    });
    const { user } = renderApp('/auth/login', { language: 'en' });
    // No offer before anything was refused.
    await screen.findByLabelText(/Username/);
    expect(screen.queryByRole('button', { name: 'Send me a sign-in link' })).not.toBeInTheDocument();

    await submitCredentials(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 30 seconds.');
    await user.click(screen.getByRole('button', { name: 'Send me a sign-in link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      `valid for ${SIGN_IN_LINK_VALID_MINUTES} minutes`,
    );
    expect(bodies).toEqual([{ username: 'leerkracht' }]);
    expect(screen.queryByRole('button', { name: 'Send me a sign-in link' })).not.toBeInTheDocument();
  });

  it('tells the wait when the link requests are limited too, in Dutch by default', async () => {
    fakeApi({ 'POST /api/1.0/login/': tooMany('30'), 'POST /api/1.0/login/link/': tooMany('120') });
    const { user } = renderApp('/auth/login');
    await user.type(await screen.findByLabelText(/Gebruikersnaam/), 'leerkracht');
    await user.type(screen.getByLabelText(/Wachtwoord/), 'welkom-leerzicht{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Stuur me een inloglink' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
        'Te veel pogingen. Probeer het over 2 minuten opnieuw.',
      ),
    );
  });
});

describe('the page of the e-mailed sign-in link', () => {
  it('signs in on a click (not on opening) and goes to the app', async () => {
    const bodies: unknown[] = [];
    fakeApi({
      'POST /api/1.0/login/link/confirm/': (request: FakeRequest) => {
        bodies.push(request.body);
        return jsonResponse({ token: 'link-session', username: 'leerkracht' });
      },
      'GET /api/1.0/profile/': jsonResponse(profile),
    });
    const { user, router } = renderApp(`/auth/sign-in-link/${TOKEN}/`, { language: 'en' });
    const button = await screen.findByRole('button', { name: 'Log in' });
    expect(bodies).toEqual([]);
    await user.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/schools'));
    expect(bodies).toEqual([{ token: TOKEN, rememberMe: true }]);
    expect(storage.getToken()).toBe('link-session');
  });

  it('asks an account with two-step login for its code and sends it with the same link', async () => {
    const bodies: { totpChallenge?: string }[] = [];
    fakeApi({
      'POST /api/1.0/login/link/confirm/': (request: FakeRequest) => {
        const body = request.body as { totpChallenge?: string };
        bodies.push(body);
        if (!body.totpChallenge)
          return jsonResponse({ status: 400, detail: LOGIN_MARKERS.totpRequired }, 400);
        return jsonResponse({ token: 'two-step-session', username: 'tweestaps' });
      },
      'GET /api/1.0/profile/': jsonResponse(profile),
    });
    const { user, router } = renderApp(`/auth/sign-in-link/${TOKEN}/`, { language: 'en' });
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    const verify = await screen.findByRole('button', { name: 'Verify' });
    expect(verify).toBeDisabled();
    await user.type(screen.getByLabelText('Code'), '654321');
    await user.click(verify);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/schools'));
    expect(bodies).toEqual([
      { token: TOKEN, rememberMe: true },
      { token: TOKEN, rememberMe: true, totpChallenge: '654321' },
    ]);
  });

  it('says so when the link no longer works', async () => {
    fakeApi({
      'POST /api/1.0/login/link/confirm/': jsonResponse(
        { status: 400, detail: 'Invalid input.', errors: { token: [SIGN_IN_LINK_INVALID] } },
        400,
      ),
    });
    const { user } = renderApp(`/auth/sign-in-link/${TOKEN}/`, { language: 'en' });
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('invalid, has expired or was already used');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/auth/login');
  });
});
