import { expect, test } from './test';
import { REGENBOOG_ID, login } from './shell-helpers';

test('a user sends a support message with an attachment from a school page, and beheer sees the ticket', async ({
  page,
}) => {
  await login(page, 'directeur');
  await page.goto(`/app/schools/${REGENBOOG_ID}`);
  await expect(page.getByRole('navigation', { name: 'Hoofdmenu' })).toBeVisible();

  await page.getByRole('button', { name: 'Ondersteuning' }).click();
  const dialog = page.getByRole('dialog', { name: 'Support' });
  // The dialog opens once the page is copied for its screenshot; Send waits until the picture is drawn.
  await expect(dialog).toContainText('Gaat je vraag over:');
  await dialog.getByRole('button', { name: 'Ik wil een bericht sturen' }).click();
  await dialog.getByRole('combobox', { name: /Onderwerp/ }).selectOption({ label: 'Gebruikers' });
  const message = `Een collega kan niet inloggen (${Date.now()}).`;
  await dialog.getByRole('textbox', { name: /Bericht/ }).fill(message);
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'uitleg.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Zie de schermafbeelding.'),
  });
  await expect(dialog.getByText('uitleg.txt')).toBeVisible();
  const sent = page.waitForResponse(
    (response) => response.url().includes('/api/1.0/support/') && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Versturen' }).click();
  expect((await sent).status()).toBe(201);
  await expect(page.getByRole('status')).toContainText('Bericht verstuurd');
  await expect(dialog).toHaveCount(0);

  await page.getByRole('button', { name: 'Uitloggen' }).click();
  await expect(page).toHaveURL(/\/auth\//);
  await login(page, 'beheer');
  await page.goto(`/app/schools/${REGENBOOG_ID}/admin/tickets`);
  await expect(page.getByRole('heading', { name: 'Supporttickets' })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(message.replace(/[().]/g, '\\$&')) });
  await expect(row).toContainText('Hier bewaard');
  await expect(row.getByRole('button', { name: 'uitleg.txt' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'screenshot.png' })).toBeVisible();
});

test('an error view sends feedback with its report id, and beheer sees it', async ({ page }) => {
  await login(page, 'directeur');
  // The school's pupils answer 500: the unexpected-error view shows, with its report id.
  await page.route('**/api/1.0/school_pupils/**', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":500,"detail":"x"}' }),
  );
  await page.goto(`/app/schools/${REGENBOOG_ID}/pupils`);
  const feedback = page.getByRole('button', { name: 'Feedback geven' });
  await expect(feedback).toBeVisible();
  const reportId = (await page.locator('code').first().textContent()) ?? '';
  expect(reportId).toMatch(/^[0-9a-f-]{36}$/);
  await feedback.click();
  const dialog = page.getByRole('dialog', { name: 'Support' });
  await dialog.getByRole('combobox', { name: /Onderwerp/ }).selectOption({ label: 'Overig' });
  await dialog.getByRole('textbox', { name: /Bericht/ }).fill('De resultaten laden niet.');
  const sent = page.waitForResponse(
    (response) => response.url().includes('/api/1.0/support/') && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Versturen' }).click();
  expect((await sent).status()).toBe(201);
  await expect(page.getByRole('status')).toContainText('Bericht verstuurd');

  await page.unroute('**/api/1.0/school_pupils/**');
  await page.getByRole('button', { name: 'Uitloggen' }).click();
  await expect(page).toHaveURL(/\/auth\//);
  await login(page, 'beheer');
  await page.goto(`/app/schools/${REGENBOOG_ID}/admin/tickets`);
  await expect(page.getByRole('row', { name: new RegExp(reportId) })).toContainText(
    'De resultaten laden niet.',
  );
});
