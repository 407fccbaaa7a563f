import { expect, test } from './test';
import { REGENBOOG_ID, login } from './shell-helpers';

test('the language switch: English in the shell, kept after a reload and saved for the user', async ({
  page,
}) => {
  await login(page, 'ib');
  await page.goto(`/app/schools/${REGENBOOG_ID}`);
  await expect(page.getByRole('navigation', { name: 'Hoofdmenu' })).toBeVisible();

  const saved = page.waitForResponse(
    (response) =>
      response.url().includes('/api/1.0/rest-auth/user/') && response.request().method() === 'PATCH',
  );
  await page.getByRole('combobox', { name: 'Taal' }).selectOption('en');
  expect((await saved).status()).toBe(200);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Grades' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.reload();
  await expect(menu.getByRole('link', { name: 'Grades' })).toBeVisible();

  // Saved for the user: a fresh browser (no choice of its own) opens in English after login.
  await page.evaluate(() => window.localStorage.removeItem('language'));
  await page.reload();
  await expect(menu.getByRole('link', { name: 'Grades' })).toBeVisible();

  // ?lang=nl on any address switches this browser back (without changing the account's setting).
  await page.goto(`/app/schools/${REGENBOOG_ID}?lang=nl`);
  const dutchMenu = page.getByRole('navigation', { name: 'Hoofdmenu' });
  await expect(dutchMenu.getByRole('link', { name: 'Leerjaar' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Taal' })).toHaveValue('nl');

  // Back to Dutch for the account, with the switch.
  await page.getByRole('combobox', { name: 'Taal' }).selectOption('en');
  await expect(menu.getByRole('link', { name: 'Grades' })).toBeVisible();
  const restored = page.waitForResponse(
    (response) =>
      response.url().includes('/api/1.0/rest-auth/user/') && response.request().method() === 'PATCH',
  );
  await page.getByRole('combobox', { name: 'Language' }).selectOption('nl');
  expect((await restored).status()).toBe(200);
  await expect(dutchMenu.getByRole('link', { name: 'Leerjaar' })).toBeVisible();
});
