import { expect, test } from './test';
import { groupId, login, REGENBOOG_ID } from './shell-helpers';

test('a superuser makes a school template in two layers and publishes it; a teacher starts a plan from it', async ({
  page,
}) => {
  await login(page, 'directeur');
  await page.goto(`/app/schools/${REGENBOOG_ID}/admin/templates`);
  await page.getByRole('button', { name: 'Nieuw sjabloon' }).click();
  const name = `Rekenen e2e ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Naam', exact: true }).fill(name);
  await page.getByRole('checkbox', { name: 'Rekenen-Wiskunde' }).check();
  await page.getByRole('button', { name: 'Categorie toevoegen', exact: true }).click();
  await page.getByRole('textbox', { name: 'Naam van categorie 1' }).fill('Groepsdoelen e2e');
  await page.getByRole('button', { name: 'Categorie toevoegen', exact: true }).click();
  await page.getByRole('textbox', { name: 'Naam van categorie 2' }).fill('Verlengde instructie e2e');
  await page
    .getByRole('combobox', { name: 'Laag van categorie 2' })
    .selectOption({ label: 'Instructiegroep' });
  await page.getByRole('switch', { name: 'Gepubliceerd' }).check();
  await page.getByRole('button', { name: 'Sjabloon aanmaken' }).click();
  await expect(page.getByRole('status')).toHaveText('Het sjabloon is opgeslagen.');
  await page.getByRole('button', { name: 'Uitloggen' }).click();

  await login(page, 'leerkracht');
  const group = await groupId(page, 'Groep 6A');
  await page.goto(`/app/schools/${REGENBOOG_ID}/groups/${group}/worksheet`);
  await page.getByRole('tab', { name: /^Rekenen-Wiskunde/ }).click();
  await page.getByRole('button', { name: 'Nieuw plan voor de volgende periode' }).click();
  const start = page.getByTestId('start-plan');
  await start.getByRole('combobox', { name: /^Sjabloon/ }).selectOption({ label: name });
  await start.getByRole('button', { name: 'Plan starten' }).click();
  await expect(
    page.getByRole('region', { name: 'Groep' }).getByText('Groepsdoelen e2e', { exact: true }),
  ).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Instructiegroepen' })
      .getByText('Verlengde instructie e2e', { exact: true }),
  ).toBeVisible();
});

test('the test overview shows goals for a group that has them, and has no menu item for a grade-2 group', async ({
  page,
}) => {
  await login(page, 'directeur');
  const group = await groupId(page, 'Groep 5');
  await page.goto(`/app/schools/${REGENBOOG_ID}/groups/${group}`);
  const menu = page.getByRole('navigation', { name: 'Hoofdmenu' });
  await menu.getByRole('link', { name: /^Toetsoverzicht/ }).click();
  await expect(page).toHaveURL(/\/goals$/);
  const table = page.getByTestId('goals-table');
  await expect(table).toBeVisible();
  await expect(table.locator('tbody tr').first()).toBeVisible();

  const young = await groupId(page, 'Groep 1/2A');
  await page.goto(`/app/schools/${REGENBOOG_ID}/groups/${young}`);
  await expect(menu.getByRole('link', { name: 'Notities' })).toBeVisible();
  await expect(menu.getByRole('link', { name: /^Toetsoverzicht/ })).toHaveCount(0);
});
