import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ACCOUNT_ERRORS, EMAIL_CHANGE_CONFIRMED_DETAIL } from '@leerzicht/contract';
import { fakeApi, jsonResponse, type FakeRequest } from '../../../test/fake-api';
import { profile as dutchProfile, signIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

vi.setConfig({ testTimeout: 20_000 });

describe('changing the e-mail address', () => {
  it('confirms the new address only on a click, and says when the link no longer works', async () => {
    const bodies: unknown[] = [];
    fakeApi({
      'POST /api/1.0/rest-auth/user/email/confirm/': (request: FakeRequest) => {
        bodies.push(request.body);
        return bodies.length === 1
          ? jsonResponse(
              {
                status: 400,
                detail: 'Invalid input.',
                errors: { token: [ACCOUNT_ERRORS.emailChangeInvalid] },
              },
              400,
            )
          : jsonResponse({ detail: EMAIL_CHANGE_CONFIRMED_DETAIL });
      },
    });
    const { user } = renderApp('/accounts/email/confirm/tok-9/', { language: 'en' });
    const button = await screen.findByRole('button', { name: 'Confirm e-mail address' });
    // Opening the link alone changes nothing.
    expect(bodies).toEqual([]);
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent('invalid, has expired or was already used');
    await user.click(screen.getByRole('button', { name: 'Confirm e-mail address' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your e-mail address has been changed.');
    expect(bodies).toEqual([{ token: 'tok-9' }, { token: 'tok-9' }]);
  });

  it('tells on the account page that the new address waits for its link', async () => {
    const profile = { ...dutchProfile, language: 'en' as const, pendingEmail: 'nieuw@regenboog.example' };
    fakeApi({
      'GET /api/1.0/profile/': jsonResponse(profile),
      'GET /api/1.0/otp/totp/': jsonResponse({ active: false }),
    });
    signIn();
    renderApp('/app/account', { language: 'en' });
    const notice = await screen.findByText(/We sent a link to nieuw@regenboog.example/);
    expect(notice).toHaveTextContent(`until then it stays ${profile.email}`);
  });
});
