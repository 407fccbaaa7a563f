import { expect, test, type Page } from './test';
import { TOTP } from 'otpauth';

/** The seeded `tweestaps` account has two-step login with this secret (apps/server/src/seed/accounts.ts). */
const TWO_STEP_SECRET = 'JBSWY3DPEHPK3PXP';
const PASSWORD = 'welkom-leerzicht';

function currentCode(): string {
  return new TOTP({ secret: TWO_STEP_SECRET, digits: 6, period: 30, algorithm: 'SHA1' }).generate();
}

async function fillCredentials(page: Page, username: string, password: string) {
  await page.getByRole('textbox', { name: 'Gebruikersnaam', exact: true }).fill(username);
  await page.getByRole('textbox', { name: 'Wachtwoord', exact: true }).fill(password);
}

test('login without two-step goes to the homepage; logout ends the session', async ({ page }) => {
  await page.goto('/auth/login');
  const loginButton = page.getByRole('button', { name: 'Inloggen' });
  await expect(loginButton).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Wachtwoord vergeten?' })).toHaveAttribute(
    'href',
    '/accounts/password_reset/',
  );
  await fillCredentials(page, 'directeur', PASSWORD);
  await page.getByRole('textbox', { name: 'Wachtwoord', exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/app\/schools$/);
  await expect(page.getByRole('heading', { name: 'Scholen' })).toBeVisible();

  await page.getByRole('button', { name: 'Uitloggen' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  // The session is gone: the app sends a signed-out visitor back to login.
  await page.goto('/app/schools');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('login with two-step: the code screen, a wrong code, then the current code', async ({ page }) => {
  await page.goto('/auth/login');
  await fillCredentials(page, 'tweestaps', PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();

  await expect(page.getByRole('heading', { name: 'Tweestapsverificatie' })).toBeVisible();
  await expect(page.getByText(/Open de authenticator-app op je telefoon/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Meer informatie over tweestapsverificatie' })).toBeVisible();
  const code = page.getByRole('textbox', { name: 'Code' });
  const verify = page.getByRole('button', { name: 'Verifiëren' });
  await expect(verify).toBeDisabled();

  const wrong = currentCode() === '000000' ? '111111' : '000000';
  await code.fill(wrong);
  await expect(verify).toBeEnabled();
  await verify.click();
  await expect(page.getByRole('alert')).toContainText('De ingevoerde code is ongeldig. Probeer het opnieuw.');
  await expect(code).toHaveValue('');

  await code.fill(currentCode());
  await code.press('Enter');
  await expect(page).toHaveURL(/\/app\//);
  await expect(page.getByRole('button', { name: 'Uitloggen' })).toBeVisible();
});

test('a failed login shows the error with its hints', async ({ page }) => {
  await page.goto('/auth/login?lang=en');
  await page.getByRole('textbox', { name: 'Username', exact: true }).fill('directeur');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Cannot login with specified data.');
  await expect(alert).toContainText('Have you forgotten your password? Click on the forgot password link.');
  await expect(alert).toContainText(
    "Don't have a username yet? Ask your administrator to create one for you.",
  );
  await expect(page.getByRole('textbox', { name: 'Username', exact: true })).toHaveValue('directeur');
});

test('the password field warns while caps lock is on', async ({ page }) => {
  await page.goto('/auth/login');
  const password = page.getByRole('textbox', { name: 'Wachtwoord', exact: true });
  await password.focus();
  // Headless Chromium does not keep a caps lock state for synthetic key presses: send the key events the
  // browser would send with caps lock on (getModifierState('CapsLock') answers true).
  await password.dispatchEvent('keydown', { key: 'A', code: 'KeyA', modifierCapsLock: true });
  await expect(page.getByText('CAPS LOCK STAAT AAN')).toBeVisible();
  await password.dispatchEvent('keyup', { key: 'a', code: 'KeyA', modifierCapsLock: false });
  await expect(page.getByText('CAPS LOCK STAAT AAN')).toBeHidden();
});

test('a signed-out visit is remembered and continued after login', async ({ page }) => {
  await page.goto('/app/account?from=mail');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await fillCredentials(page, 'directeur', PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/app\/account\?from=mail$/);
  await expect(page.getByRole('heading', { name: 'Mijn account' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Volledige naam' })).toHaveValue('Marieke de Vries');
});
