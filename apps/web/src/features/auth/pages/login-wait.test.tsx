import { LOGIN_MARKERS } from '@leerzicht/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, type FakeRequest } from '../../../test/fake-api';
import { profile as dutchProfile } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const profile = { ...dutchProfile, language: 'en' as const };

// These tests type through the whole app; the full suite runs many files in parallel.
vi.setConfig({ testTimeout: 20_000 });

function tooMany(retryAfter?: string): Response {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (retryAfter !== undefined) headers['Retry-After'] = retryAfter;
  const body = { status: 429, detail: 'Too many attempts. Try again in 10 minutes.' };
  return new Response(JSON.stringify(body), { status: 429, headers });
}

async function submitCredentials(user: ReturnType<typeof renderApp>['user'], username = /Username/) {
  await user.type(await screen.findByLabelText(username), 'leerkracht');
  await user.type(screen.getByLabelText(/Password|Wachtwoord/), 'welkom-leerzicht{Enter}');
}

describe('login: the wait after too many attempts', () => {
  it('tells the wait from Retry-After on the login form', async () => {
    fakeApi({ 'POST /api/1.0/login/': tooMany('600') });
    const { user } = renderApp('/auth/login', { language: 'en' });
    await submitCredentials(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 10 minutes.');
  });

  it('says it in Dutch by default, with seconds under a minute', async () => {
    fakeApi({ 'POST /api/1.0/login/': tooMany('30') });
    const { user } = renderApp('/auth/login');
    await submitCredentials(user, /Gebruikersnaam/);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Te veel pogingen. Probeer het over 30 seconden opnieuw.',
    );
  });

  it('falls back to "later" without Retry-After', async () => {
    fakeApi({ 'POST /api/1.0/login/': tooMany() });
    const { user } = renderApp('/auth/login', { language: 'en' });
    await submitCredentials(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again later.');
  });

  it('tells the wait on the code screen, rounding up to whole minutes', async () => {
    fakeApi({
      'POST /api/1.0/login/': (request: FakeRequest) =>
        (request.body as { totpChallenge?: string }).totpChallenge
          ? tooMany('61')
          : jsonResponse({ status: 400, detail: LOGIN_MARKERS.totpRequired }, 400),
    });
    const { user } = renderApp('/auth/login', { language: 'en' });
    await submitCredentials(user);
    await user.type(await screen.findByLabelText('Code'), '123456{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 2 minutes.');
  });

  it('offers to log in at once with the two-step code, sent together with the password', async () => {
    const bodies: unknown[] = [];
    fakeApi({
      'POST /api/1.0/login/': (request: FakeRequest) => {
        bodies.push(request.body);
        return (request.body as { totpChallenge?: string }).totpChallenge
          ? jsonResponse({ token: 'two-step-token' })
          : tooMany('900');
      },
      'GET /api/1.0/profile/': jsonResponse(profile),
    });
    const { user, router } = renderApp('/auth/login', { language: 'en' });
    await submitCredentials(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Try again in 15 minutes.');
    await user.click(screen.getByRole('button', { name: /log in now with your code/ }));
    await user.type(await screen.findByLabelText('Code'), '654321{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/schools'));
    expect(bodies).toEqual([
      { username: 'leerkracht', password: 'welkom-leerzicht', rememberMe: true },
      { username: 'leerkracht', password: 'welkom-leerzicht', rememberMe: true, totpChallenge: '654321' },
    ]);
  });
});
