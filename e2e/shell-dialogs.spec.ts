import { expect, test } from './test';
import { KOMPAS_ID, REGENBOOG_ID, login } from './shell-helpers';

const TITLE = 'Koppeling met het administratiesysteem uitgeschakeld';

test('the disconnected-school dialog at Het Kompas, hidden for good with "Niet meer tonen"', async ({
  page,
}) => {
  await login(page, 'directeur');
  await page.goto(`/app/schools/${REGENBOOG_ID}`);
  await expect(page.getByRole('navigation', { name: 'Hoofdmenu' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.goto(`/app/schools/${KOMPAS_ID}`);
  const dialog = page.getByRole('dialog', { name: TITLE });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('CBS Het Kompas');
  // Focus is inside the dialog and stays there.
  await expect(dialog.getByRole('button', { name: 'OK' })).toBeFocused();
  for (let i = 0; i < 4; i += 1) await page.keyboard.press('Tab');
  expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);

  // Closing hides it for this visit only: it comes back after a reload.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await page.reload();
  await expect(dialog).toBeVisible();

  const hidden = page.waitForResponse(
    (response) =>
      response.url().includes('/api/1.0/hidden-notifications/') && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Niet meer tonen' }).click();
  expect((await hidden).status()).toBe(200);
  await expect(dialog).toHaveCount(0);

  await page.evaluate(() => window.localStorage.removeItem('hidden_notifications'));
  await page.reload();
  await expect(
    page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'CBS Het Kompas' }),
  ).toBeVisible();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
