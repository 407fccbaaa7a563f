import { expect, test } from './test';
import { login, REGENBOOG_ID } from './shell-helpers';

test('a teacher opens the group notes from the menu, writes a test-moment note, finds it by pupil, changes and deletes it', async ({
  page,
}) => {
  await login(page, 'leerkracht');
  await page.goto(`/app/schools/${REGENBOOG_ID}/groups`);
  await page.getByRole('link', { name: 'Groep 6A', exact: true }).first().click();
  await page.getByRole('navigation').getByRole('link', { name: 'Notities' }).click();
  await expect(page).toHaveURL(/\/groups\/\d+\/notes$/);
  const list = page.getByTestId('group-notes');
  await expect(list.locator('[data-all-note]').first()).toBeVisible();

  const form = page.getByTestId('new-group-note');
  const moment = form.getByRole('combobox', { name: /^Toetsmoment/ });
  const firstMoment = await moment.locator('option:not([disabled])').first().getAttribute('value');
  await moment.selectOption(firstMoment ?? '');
  const text = `Groep werkte geconcentreerd (e2e ${Date.now()})`;
  await form.getByRole('textbox', { name: /^Notitie/ }).fill(text);
  const pupils = form.getByRole('combobox', { name: /^Over welke leerlingen/ });
  await pupils.click();
  const option = page.getByRole('listbox').getByRole('option').first();
  const pupilName = (await option.textContent()) ?? '';
  await option.click();
  await page.keyboard.press('Escape');
  await form.getByRole('button', { name: 'Notitie opslaan' }).click();

  const written = list.locator('[data-all-note^="test_moment:"]').filter({ hasText: text });
  await expect(written).toBeVisible();
  await expect(written.getByRole('link', { name: pupilName })).toBeVisible();

  // Filtered on the pupil it names, it is still there; the filter is in the URL.
  await page
    .getByTestId('note-filters')
    .getByRole('combobox', { name: 'Leerling' })
    .selectOption({ label: pupilName });
  await expect(page).toHaveURL(/pupil=\d+/);
  await expect(written).toBeVisible();

  await written.getByRole('button', { name: 'Bewerken' }).click();
  await written.getByRole('textbox', { name: /^Notitie/ }).fill(`${text} — besproken`);
  await written.getByRole('button', { name: 'Notitie opslaan' }).click();
  await expect(list.getByText(`${text} — besproken`)).toBeVisible();

  await written.getByRole('button', { name: 'Verwijderen' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Verwijderen' }).click();
  await expect(list.locator('[data-all-note]').filter({ hasText: text })).toHaveCount(0);
});
