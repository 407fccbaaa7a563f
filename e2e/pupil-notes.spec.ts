import { expect, test } from './test';
import { login, REGENBOOG_ID } from './shell-helpers';

test('a teacher writes a pupil note: blocked when leaving it unsaved, kept over a reload, saved, archived and restored', async ({
  page,
}) => {
  await login(page, 'leerkracht');
  await page.goto(`/app/schools/${REGENBOOG_ID}/groups`);
  const href = await page.getByRole('link', { name: 'Groep 6A', exact: true }).first().getAttribute('href');
  const group = /groups\/(\d+)/.exec(href ?? '')?.[1];
  await page.goto(`/app/schools/${REGENBOOG_ID}/groups/${group}/social-emotional`);
  await page.getByTestId('group-observations').locator('tbody tr').first().getByRole('link').click();
  await page
    .getByRole('link', { name: /Leerlingen|^[A-Z]/ })
    .first()
    .waitFor();
  // From the pupil's social-emotional page to the pupil page (breadcrumb).
  const crumbs = page.locator('.mantine-Breadcrumbs-root a');
  await crumbs.nth(2).click();
  const panel = page.getByTestId('pupil-notes');
  await expect(panel).toBeVisible();

  const text = `Leest vlotter sinds de leesgroep (e2e ${Date.now()})`;
  const box = panel.getByRole('textbox', { name: /^Notitie/ });
  await box.fill(text.slice(0, 20));
  // A reload keeps the draft.
  await page.reload();
  await expect(page.getByTestId('pupil-notes').getByRole('textbox', { name: /^Notitie/ })).toHaveValue(
    text.slice(0, 20),
  );
  await page
    .getByTestId('pupil-notes')
    .getByRole('textbox', { name: /^Notitie/ })
    .fill(text);

  // Leaving with the unsaved note is blocked with the specified title and text.
  await page.getByRole('link', { name: 'Sociaal-emotioneel' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Een notitie is nog niet opgeslagen')).toBeVisible();
  await expect(
    dialog.getByText(
      'Rond eerst deze notitie af voordat je verdergaat, door de notitie op te slaan of te annuleren.',
    ),
  ).toBeVisible();
  await dialog.getByRole('button').first().click();
  await expect(page.getByTestId('pupil-notes')).toBeVisible();

  await page.getByTestId('pupil-notes').getByRole('button', { name: 'Notitie opslaan' }).click();
  const saved = page.getByTestId('pupil-notes').locator('[data-note-id]').filter({ hasText: text });
  await expect(saved).toBeVisible();

  await saved.getByRole('button', { name: 'Archiveren' }).click();
  await expect(
    page.getByTestId('pupil-notes').locator('[data-note-id]').filter({ hasText: text }),
  ).toHaveCount(0);
  await page.getByTestId('pupil-notes').getByRole('tab', { name: 'Gearchiveerd' }).click();
  const archived = page.getByTestId('pupil-notes').locator('[data-note-id]').filter({ hasText: text });
  await expect(archived).toBeVisible();
  await archived.getByRole('button', { name: 'Terugzetten' }).click();
  await page.getByTestId('pupil-notes').getByRole('tab', { name: 'Actief' }).click();
  await expect(
    page.getByTestId('pupil-notes').locator('[data-note-id]').filter({ hasText: text }),
  ).toBeVisible();
});
