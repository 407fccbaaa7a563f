import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, type FakeRequest } from '../../../test/fake-api';
import { profile as dutchProfile, signIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

// These tests type a lot through the whole app; the full suite runs many files in parallel.
vi.setConfig({ testTimeout: 20_000 });

const profile = { ...dutchProfile, language: 'en' as const };
const base = {
  'GET /api/1.0/profile/': jsonResponse(profile),
  'GET /api/1.0/otp/totp/': jsonResponse({ active: false }),
};

function openAccount() {
  signIn();
  return renderApp('/app/account', { language: 'en' });
}

describe('account page: details and password', () => {
  it('splits the full name on spaces when saving', async () => {
    const patches: unknown[] = [];
    fakeApi({
      ...base,
      'PATCH /api/1.0/rest-auth/user/': (request: FakeRequest) => {
        patches.push(request.body);
        return jsonResponse({
          ...profile,
          firstName: 'Jan',
          lastName: 'van der Berg',
          fullName: 'Jan van der Berg',
        });
      },
    });
    const { user } = openAccount();
    const fullName = await screen.findByLabelText(/Full name/);
    expect(fullName).toHaveValue('Anna de Vries');
    await user.clear(fullName);
    await user.type(fullName, '  Jan  van der Berg ');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Your details have been saved.')).toBeInTheDocument();
    expect(patches).toEqual([
      {
        firstName: 'Jan',
        lastName: 'van der Berg',
        username: 'directeur',
        email: 'directeur@regenboog.example',
      },
    ]);
  });

  it('in a demo session sends nothing and says the change was not saved', async () => {
    const patches: unknown[] = [];
    fakeApi({
      ...base,
      'GET /api/1.0/profile/': jsonResponse({ ...profile, isDemo: true, canWrite: false }),
      'PATCH /api/1.0/rest-auth/user/': (request: FakeRequest) => {
        patches.push(request.body);
        return jsonResponse(profile);
      },
    });
    const { user } = openAccount();
    const fullName = await screen.findByLabelText(/Full name/);
    await user.clear(fullName);
    await user.type(fullName, 'Jan de Vries');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(
      await screen.findByText(
        'Not saved: changes are not kept in a demo account or an impersonated session.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Your details have been saved.')).not.toBeInTheDocument();
    expect(patches).toEqual([]);
  });

  it('shows per-field server errors next to the fields and keeps the typed values', async () => {
    fakeApi({
      ...base,
      'PATCH /api/1.0/rest-auth/user/': jsonResponse(
        {
          status: 400,
          detail: 'Invalid input.',
          errors: { username: ['A user with that username already exists.'] },
        },
        400,
      ),
    });
    const { user } = openAccount();
    const username = await screen.findByLabelText(/Username/);
    await user.clear(username);
    await user.type(username, 'ib');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('A user with that username already exists.')).toBeInTheDocument();
    expect(username).toHaveValue('ib');
    expect(username).toHaveAttribute('aria-invalid', 'true');
  });

  it('asks for the current password when the server wants a confirmation, then repeats the save', async () => {
    let confirmed = false;
    const confirmations: unknown[] = [];
    fakeApi({
      ...base,
      'PATCH /api/1.0/rest-auth/user/': () =>
        confirmed
          ? jsonResponse({ ...profile, email: 'nieuw@regenboog.example' })
          : jsonResponse({ status: 400, detail: 'PASSWORD_CONFIRMATION_REQUIRED' }, 400),
      'POST /api/1.0/rest-auth/password/confirm/': (request: FakeRequest) => {
        confirmations.push(request.body);
        confirmed = true;
        return jsonResponse({ detail: 'ok', confirmedUntil: '2030-01-01T00:00:00.000Z' });
      },
    });
    const { user } = openAccount();
    const email = await screen.findByLabelText(/E-mail address/);
    await user.clear(email);
    await user.type(email, 'nieuw@regenboog.example');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your password' });
    await user.type(within(dialog).getByLabelText(/Current password/), 'welkom-leerzicht');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Your details have been saved.')).toBeInTheDocument();
    expect(confirmations).toEqual([{ password: 'welkom-leerzicht' }]);
  });

  it('shows the password change errors per field', async () => {
    fakeApi({
      ...base,
      'POST /api/1.0/rest-auth/password/change/': jsonResponse(
        {
          status: 400,
          detail: 'Invalid input.',
          errors: {
            oldPassword: ['The password is not correct.'],
            newPassword2: ["The two password fields didn't match."],
          },
        },
        400,
      ),
    });
    const { user } = openAccount();
    await user.click(await screen.findByRole('button', { name: 'Change password' }));
    expect(screen.getAllByText('Field is required')).toHaveLength(3);
    await user.type(screen.getByLabelText(/^Current password/), 'fout');
    await user.type(screen.getByLabelText(/^New password/), 'een-nieuw-wachtwoord');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'iets-anders');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The password is not correct.')).toBeInTheDocument();
    expect(screen.getByText('The two passwords do not match.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^New password/)).toHaveValue('een-nieuw-wachtwoord');
  });
});
