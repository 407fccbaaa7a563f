import { expect, test } from './test';
import { login, REGENBOOG_ID } from './shell-helpers';

/*
 * Issue 32, section 3: the intern begeleider (a senco, who writes for every pupil of the school as a groep-8 teacher
 * does for their group) enters a groep-8 pupil's doorstroomtoets result on the pupil page and sees it there, also
 * after a reload. The demo has no teacher of a current groep 8.
 */
test('a doorstroomtoets result is entered on the pupil page and shown there', async ({ page }) => {
  await login(page, 'ib');
  await page.goto(`/app/schools/${REGENBOOG_ID}/pupils`);
  const list = page.getByTestId('pupil-list');
  await expect(list).toBeVisible();
  const groupFilter = page.locator('#main-content').getByRole('combobox', { name: 'Groep' });
  const groep8 = await groupFilter
    .locator('option', { hasText: /Groep 8/ })
    .first()
    .getAttribute('value');
  await groupFilter.selectOption(groep8 ?? '');
  await list.locator('tbody tr').first().getByRole('link').click();
  await expect(page).toHaveURL(/\/pupils\/\d+$/);

  const panel = page.getByTestId('doorstroomtoets-panel');
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: 'Uitslag invoeren' }).click();
  const form = panel.getByRole('form', { name: 'Uitslag van de doorstroomtoets invoeren' });
  await form.getByRole('combobox', { name: 'Toets', exact: true }).selectOption('ROUTE8');
  const today = new Date().toISOString().slice(0, 10);
  await form.getByLabel('Datum', { exact: true }).fill(today);
  await form.getByRole('combobox', { name: 'Lezen', exact: true }).selectOption('2F');
  await form.getByRole('combobox', { name: 'Taalverzorging', exact: true }).selectOption('1F');
  await form.getByRole('combobox', { name: 'Rekenen', exact: true }).selectOption('1S');
  await form.getByRole('combobox', { name: 'Toetsadvies' }).selectOption('HAVO/VWO');
  await form.getByRole('button', { name: 'Uitslag opslaan' }).click();
  await expect(form).toHaveCount(0);

  const row = panel.locator('tbody tr').filter({ hasText: 'ROUTE 8' }).filter({ hasText: 'HAVO/VWO' });
  await expect(row).toHaveCount(1);
  await page.reload();
  await expect(
    page.getByTestId('doorstroomtoets-panel').locator('tbody tr').filter({ hasText: 'ROUTE 8' }).filter({
      hasText: 'HAVO/VWO',
    }),
  ).toHaveCount(1);
});
