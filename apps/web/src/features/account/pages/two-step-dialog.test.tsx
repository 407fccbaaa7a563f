import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, type FakeRequest } from '../../../test/fake-api';
import { profile as dutchProfile, signIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

// These tests type a lot through the whole app; the full suite runs many files in parallel.
vi.setConfig({ testTimeout: 20_000 });

const profile = { ...dutchProfile, language: 'en' as const };
const URI = 'otpauth://totp/Leerzicht:directeur?secret=JBSWY3DPEHPK3PXP&issuer=Leerzicht';

describe('two-step verification dialog', () => {
  // A long walk through the dialog (and a real QR encoder): give it room when the whole suite runs in parallel.
  it(
    'guides through activation: install, QR code, then the 6-digit code with its messages',
    { timeout: 20_000 },
    async () => {
      let active = false;
      const verified: string[] = [];
      fakeApi({
        'GET /api/1.0/profile/': jsonResponse(profile),
        'GET /api/1.0/otp/totp/': () => jsonResponse({ active }),
        'GET /api/1.0/otp/totp/activate': jsonResponse({ uri: URI }),
        'GET /api/1.0/otp/totp/verify/123456': (request: FakeRequest) => {
          verified.push(request.url.pathname);
          return jsonResponse({ status: 400, detail: 'The entered code is not valid' }, 400);
        },
        'GET /api/1.0/otp/totp/verify/654321': () => {
          active = true;
          return jsonResponse({ result: true });
        },
      });
      signIn();
      const { user } = renderApp('/app/account', { language: 'en' });
      await user.click(await screen.findByRole('button', { name: 'Activate two-step verification' }));
      const dialog = await screen.findByRole('dialog', { name: 'Activate two-step verification' });
      expect(within(dialog).getByText(/Install an authenticator app/)).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Next' }));
      expect(
        await within(dialog).findByRole(
          'img',
          { name: 'QR code for the authenticator app' },
          { timeout: 5000 },
        ),
      ).toBeInTheDocument();
      expect(within(dialog).getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Next' }));

      const code = within(dialog).getByLabelText('6-digit code');
      const activate = within(dialog).getByRole('button', { name: 'Activate' });
      await user.click(activate);
      expect(within(dialog).getByText('No code entered')).toBeInTheDocument();

      await user.type(code, '1a2b3');
      expect(code).toHaveValue('123');
      await user.type(code, '{Enter}');
      expect(within(dialog).queryByText('The entered code is not valid')).not.toBeInTheDocument();
      await user.click(activate);
      expect(within(dialog).getByText('The entered code is not valid')).toBeInTheDocument();

      await user.type(code, '4567');
      expect(code).toHaveValue('123456');
      await user.type(code, '{Enter}');
      expect(await within(dialog).findByText('The entered code is not valid')).toBeInTheDocument();
      expect(verified).toEqual(['/api/1.0/otp/totp/verify/123456']);

      await user.clear(code);
      await user.type(code, '654321{Enter}');
      expect(
        await screen.findByText(/Two-step verification is now active/, {}, { timeout: 5000 }),
      ).toBeInTheDocument();
      await waitFor(() => expect(screen.getByText('Active')).toBeInTheDocument());
    },
  );

  it('deactivates with a code', async () => {
    let active = true;
    fakeApi({
      'GET /api/1.0/profile/': jsonResponse(profile),
      'GET /api/1.0/otp/totp/': () => jsonResponse({ active }),
      'GET /api/1.0/otp/totp/deactivate/111111': () => {
        active = false;
        return jsonResponse({ result: true });
      },
    });
    signIn();
    const { user } = renderApp('/app/account', { language: 'en' });
    await user.click(await screen.findByRole('button', { name: 'Deactivate two-step verification' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate two-step verification' });
    await user.type(within(dialog).getByLabelText('6-digit code'), '111111{Enter}');
    expect(await screen.findByText('Two-step verification has been turned off.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Not active')).toBeInTheDocument());
  });
});
