import type { Invitation } from '@leerzicht/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, type FakeRequest } from '../../../test/fake-api';
import { profile } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

// These tests type a lot through the whole app; the full suite runs many files in parallel.
vi.setConfig({ testTimeout: 20_000 });

const KEY = 'k3y-abc';
const INVITATION_URL = `GET /api/1.0/person_invitation/${KEY}`;
const ACCEPT_URL = `POST /api/1.0/person_invitation/${KEY}/accept/`;
const englishProfile = { ...profile, language: 'en' as const };

const invitation: Invitation = {
  id: 7,
  schoolId: 1,
  schoolName: 'OBS De Regenboog',
  email: 'nieuw@regenboog.example',
  isSchoolSuperuser: false,
  accepted: false,
  expiresAt: '2030-01-01T00:00:00.000Z',
  existingAccount: false,
  username: null,
};

async function fillForm(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText(/First name/), 'Noor');
  await user.type(screen.getByLabelText(/Last name/), 'de Boer');
  await user.type(screen.getByLabelText(/^Password/), 'een-lang-wachtwoord');
  await user.type(screen.getByLabelText(/Confirm password/), 'een-lang-wachtwoord');
}

describe('accept invitation page', () => {
  it('shows the invited address read-only and asks for every field', async () => {
    const fetch = fakeApi({ [INVITATION_URL]: jsonResponse(invitation) });
    const { user } = renderApp(`/auth/accept-invite/${KEY}`, { language: 'en' });
    const email = await screen.findByLabelText('E-mail address');
    expect(email).toHaveValue('nieuw@regenboog.example');
    expect(email).toHaveAttribute('readonly');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getAllByText('Field is required')).toHaveLength(4);
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/accept/'))).toBe(false);
  });

  it('shows the server errors next to their fields and keeps what was typed', async () => {
    let answer: (response: Response) => void = () => {};
    fakeApi({
      [INVITATION_URL]: jsonResponse(invitation),
      [ACCEPT_URL]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { user } = renderApp(`/auth/accept-invite/${KEY}`, { language: 'en' });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create account' })).toBeDisabled());
    answer(
      jsonResponse(
        {
          status: 400,
          detail: 'Invalid input.',
          errors: { password: ['This password is too common.'], lastName: ['Custom server text'] },
        },
        400,
      ),
    );
    expect(await screen.findByText('This password is too common.')).toBeInTheDocument();
    expect(screen.getByText('Custom server text')).toBeInTheDocument();
    expect(screen.getByLabelText(/First name/)).toHaveValue('Noor');
    expect(screen.getByLabelText(/^Password/)).toHaveValue('een-lang-wachtwoord');
    expect(screen.getByRole('button', { name: 'Create account' })).toBeEnabled();
  });

  it('logs in with the typed password after acceptance', async () => {
    const logins: unknown[] = [];
    fakeApi({
      [INVITATION_URL]: jsonResponse(invitation),
      [ACCEPT_URL]: jsonResponse({ username: 'nieuw@regenboog.example' }),
      'POST /api/1.0/login/': (request: FakeRequest) => {
        logins.push(request.body);
        return jsonResponse({ token: 'new-token' });
      },
      'GET /api/1.0/profile/': jsonResponse(englishProfile),
    });
    const { user, router } = renderApp(`/auth/accept-invite/${KEY}`, { language: 'en' });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/schools'));
    expect(logins).toEqual([
      { username: 'nieuw@regenboog.example', password: 'een-lang-wachtwoord', rememberMe: true },
    ]);
    expect(window.localStorage.getItem('token')).toBe('new-token');
  });

  it('goes to login with the username filled in when the automatic login fails', async () => {
    fakeApi({
      [INVITATION_URL]: jsonResponse(invitation),
      [ACCEPT_URL]: jsonResponse({ username: 'nieuw@regenboog.example' }),
      'POST /api/1.0/login/': jsonResponse({ status: 400, detail: 'TOTP challenge is required' }, 400),
    });
    const { user, router } = renderApp(`/auth/accept-invite/${KEY}`, { language: 'en' });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(await screen.findByLabelText(/Username/)).toHaveValue('nieuw@regenboog.example');
  });

  it('sends an already accepted invitation to login with its username', async () => {
    fakeApi({ [INVITATION_URL]: jsonResponse({ ...invitation, accepted: true, username: 'noor' }) });
    const { router } = renderApp(`/auth/accept-invite/${KEY}`, { language: 'en' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(await screen.findByLabelText(/Username/)).toHaveValue('noor');
  });

  it('says so when the key is unknown or expired', async () => {
    fakeApi({});
    renderApp(`/auth/accept-invite/${KEY}`, { language: 'en' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This invitation does not exist or has expired.',
    );
  });
});
