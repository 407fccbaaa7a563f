import { LOGIN_MARKERS } from '@leerzicht/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, type FakeRequest } from '../../../test/fake-api';
import { profile as dutchProfile } from '../../../test/fixtures';

const profile = { ...dutchProfile, language: 'en' as const };
import { renderApp } from '../../../test/render-app';

// These tests type a lot through the whole app; the full suite runs many files in parallel.
vi.setConfig({ testTimeout: 20_000 });

const refuse = (detail: string) => jsonResponse({ status: 400, detail }, 400);

async function submitCredentials(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText(/Username/), 'tweestaps');
  await user.type(screen.getByLabelText(/Password/), 'welkom-leerzicht{Enter}');
}

describe('login: caps lock and two-step code screen', () => {
  it('warns CAPS LOCK IS ON while caps lock is on in the password field', async () => {
    fakeApi({});
    renderApp('/auth/login', { language: 'en' });
    const password = await screen.findByLabelText(/Password/);
    expect(screen.queryByText('CAPS LOCK IS ON')).not.toBeInTheDocument();
    fireEvent.keyDown(password, { key: 'A', modifierCapsLock: true });
    expect(screen.getByText('CAPS LOCK IS ON')).toBeInTheDocument();
    fireEvent.keyUp(password, { key: 'a', modifierCapsLock: false });
    expect(screen.queryByText('CAPS LOCK IS ON')).not.toBeInTheDocument();
  });

  it('says it in Dutch by default', async () => {
    fakeApi({});
    renderApp('/auth/login');
    fireEvent.keyDown(await screen.findByLabelText(/Wachtwoord/), { key: 'A', modifierCapsLock: true });
    expect(screen.getByText('CAPS LOCK STAAT AAN')).toBeInTheDocument();
  });

  it('switches to the code screen, accepts digits only and enables Verify at six', async () => {
    const bodies: unknown[] = [];
    fakeApi({
      'POST /api/1.0/login/': (request: FakeRequest) => {
        bodies.push(request.body);
        const code = (request.body as { totpChallenge?: string }).totpChallenge;
        if (!code) return refuse(LOGIN_MARKERS.totpRequired);
        return code === '654321'
          ? jsonResponse({ token: 'two-step-token' })
          : refuse(LOGIN_MARKERS.totpInvalid);
      },
      'GET /api/1.0/profile/': jsonResponse(profile),
    });
    const { user, router } = renderApp('/auth/login', { language: 'en' });
    await submitCredentials(user);

    const code = await screen.findByLabelText('Code');
    expect(screen.getByText(/Open the authenticator app on your phone/)).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'More information about two-step verification' }),
    ).toBeInTheDocument();
    const verify = screen.getByRole('button', { name: 'Verify' });
    expect(verify).toBeDisabled();

    await user.type(code, '12a3 45');
    expect(code).toHaveValue('12345');
    expect(verify).toBeDisabled();
    await user.type(code, '67');
    expect(code).toHaveValue('123456');
    expect(verify).toBeEnabled();

    await user.click(verify);
    expect(await screen.findByRole('alert')).toHaveTextContent('The entered code is invalid. Try again.');
    expect(code).toHaveValue('');
    expect(verify).toBeDisabled();

    await user.type(code, '654321{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/schools'));
    expect(bodies).toEqual([
      { username: 'tweestaps', password: 'welkom-leerzicht', rememberMe: true },
      { username: 'tweestaps', password: 'welkom-leerzicht', rememberMe: true, totpChallenge: '123456' },
      { username: 'tweestaps', password: 'welkom-leerzicht', rememberMe: true, totpChallenge: '654321' },
    ]);
    expect(window.localStorage.getItem('token')).toBe('two-step-token');
  });

  it('goes back from the code screen with the typed fields kept', async () => {
    fakeApi({ 'POST /api/1.0/login/': refuse(LOGIN_MARKERS.totpRequired) });
    const { user } = renderApp('/auth/login', { language: 'en' });
    await submitCredentials(user);
    await user.click(await screen.findByRole('button', { name: 'Back to login' }));
    expect(screen.getByLabelText(/Username/)).toHaveValue('tweestaps');
    expect(screen.getByLabelText(/Password/)).toHaveValue('welkom-leerzicht');
  });

  it('shows the no-paying-school message', async () => {
    fakeApi({ 'POST /api/1.0/login/': refuse(LOGIN_MARKERS.noPayingSchool) });
    const { user } = renderApp('/auth/login', { language: 'en' });
    await submitCredentials(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You do not have permission to log in because your school does not have an active account.',
    );
  });

  it('goes to the homepage of the profile after login', async () => {
    fakeApi({
      'POST /api/1.0/login/': jsonResponse({ token: 't' }),
      'GET /api/1.0/profile/': jsonResponse({
        ...profile,
        homepage: { page: 'groups', schoolId: 1, groupId: null },
      }),
    });
    const { user, router } = renderApp('/auth/login', { language: 'en' });
    await submitCredentials(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/schools/1/groups'));
  });

  it('links the forgotten password to the reset page', async () => {
    fakeApi({});
    renderApp('/auth/login', { language: 'en' });
    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/accounts/password_reset/',
    );
  });
});
