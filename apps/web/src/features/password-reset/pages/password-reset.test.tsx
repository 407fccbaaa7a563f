import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, type FakeRequest } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

// These tests type a lot through the whole app; the full suite runs many files in parallel.
vi.setConfig({ testTimeout: 20_000 });

const SAME_ANSWER = {
  detail: 'If an account with this e-mail address exists, an e-mail with a reset link has been sent.',
};

describe('password reset pages', () => {
  it('asks for an address and always shows the same confirmation, signed out', async () => {
    const bodies: unknown[] = [];
    fakeApi({
      'POST /api/1.0/rest-auth/password/reset/': (request: FakeRequest) => {
        bodies.push(request.body);
        return jsonResponse(SAME_ANSWER);
      },
    });
    const { user, router } = renderApp('/accounts/password_reset/', { language: 'en' });
    await user.click(await screen.findByRole('button', { name: 'Send link' }));
    expect(screen.getByText('Field is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/E-mail address/), 'wie@dan.ook{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If an account with this e-mail address exists',
    );
    expect(bodies).toEqual([{ email: 'wie@dan.ook' }]);
    expect(router.state.location.pathname).toBe('/accounts/password_reset/');
  });

  it('sets the new password from the e-mailed link, with per-field errors first', async () => {
    const bodies: unknown[] = [];
    fakeApi({
      'POST /api/1.0/rest-auth/password/reset/confirm/': (request: FakeRequest) => {
        bodies.push(request.body);
        return bodies.length === 1
          ? jsonResponse(
              {
                status: 400,
                detail: 'Invalid input.',
                errors: { newPassword1: ['This password is too common.'] },
              },
              400,
            )
          : jsonResponse({ detail: 'Password has been reset.' });
      },
    });
    const { user } = renderApp('/accounts/password_reset/confirm/tok-123/', { language: 'en' });
    const first = await screen.findByLabelText(/^New password/);
    await user.type(first, 'wachtwoord');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'wachtwoord');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('This password is too common.')).toBeInTheDocument();
    expect(first).toHaveValue('wachtwoord');

    await user.clear(first);
    await user.type(first, 'een-veel-beter-wachtwoord');
    await user.clear(screen.getByLabelText(/^Confirm new password/));
    await user.type(screen.getByLabelText(/^Confirm new password/), 'een-veel-beter-wachtwoord');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText(/Your new password has been saved/)).toBeInTheDocument();
    await waitFor(() =>
      expect(bodies[1]).toEqual({
        token: 'tok-123',
        newPassword1: 'een-veel-beter-wachtwoord',
        newPassword2: 'een-veel-beter-wachtwoord',
      }),
    );
  });

  it('offers a new link when the token is refused', async () => {
    fakeApi({
      'POST /api/1.0/rest-auth/password/reset/confirm/': jsonResponse(
        {
          status: 400,
          detail: 'Invalid input.',
          errors: { token: ['This password reset link is invalid or has expired.'] },
        },
        400,
      ),
    });
    const { user } = renderApp('/accounts/password_reset/confirm/old/', { language: 'en' });
    await user.type(await screen.findByLabelText(/^New password/), 'een-veel-beter-wachtwoord');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'een-veel-beter-wachtwoord');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This password reset link is invalid or has expired.',
    );
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/accounts/password_reset/',
    );
  });
});
