import { expect, test } from './test';

test('a school leader signs in and opens a school', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth\/login$/);

  const loginButton = page.getByRole('button', { name: 'Inloggen' });
  await expect(loginButton).toBeDisabled();
  await page.getByRole('textbox', { name: 'Gebruikersnaam', exact: true }).fill('directeur');
  await page.getByRole('textbox', { name: 'Wachtwoord', exact: true }).fill('welkom-leerzicht');
  await expect(page.getByRole('checkbox', { name: 'Ingelogd blijven' })).toBeChecked();
  await loginButton.click();

  await expect(page).toHaveURL(/\/app\/schools$/);
  await expect(page.getByRole('heading', { name: 'Scholen' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'OBS De Regenboog' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'CBS Het Kompas' })).toBeVisible();

  await page.getByRole('link', { name: 'OBS De Regenboog' }).click();
  await expect(page).toHaveURL(/\/app\/schools\/\d+$/);
  await expect(page.getByRole('heading', { name: 'OBS De Regenboog' })).toBeVisible();
  await expect(page.getByText('BRIN-code 12AB')).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Groep 8' }).first()).toBeVisible();
});

test('a wrong password shows the login error', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByRole('textbox', { name: 'Gebruikersnaam', exact: true }).fill('directeur');
  await page.getByRole('textbox', { name: 'Wachtwoord', exact: true }).fill('niet-het-wachtwoord');
  await page.getByRole('textbox', { name: 'Wachtwoord', exact: true }).press('Enter');
  await expect(page.getByRole('alert')).toContainText('Inloggen met de opgegeven gegevens is niet gelukt.');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('a school outside the user’s schools shows the not-found view, in English with ?lang=en', async ({
  page,
}) => {
  await page.goto('/auth/login?lang=en');
  await page.getByRole('textbox', { name: 'Username', exact: true }).fill('directeur');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('welkom-leerzicht');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Schools' })).toBeVisible();

  await page.goto('/app/schools/999999');
  await expect(
    page.getByText(
      'Unfortunately, we cannot find the page that you are trying to visit. The page may have been deleted or moved.',
    ),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
});
