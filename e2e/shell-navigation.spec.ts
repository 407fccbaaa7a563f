import { expect, test, type Page } from './test';
import { KOMPAS_ID, REGENBOOG_ID, login, seriousAxeViolations } from './shell-helpers';

const NOT_FOUND = 'Pagina niet gevonden';

/** A page opened from the menu: its heading inside the shell, never the not-found or the error view. */
async function expectPageInShell(page: Page): Promise<void> {
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: NOT_FOUND })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: /Oeps/ })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Hoofdmenu' })).toBeVisible();
}

test('school → group → each visible sub-page, with the menu following the URL', async ({ page }) => {
  await login(page, 'directeur');
  await page.goto('/app/schools');
  await page.getByRole('link', { name: 'OBS De Regenboog' }).click();
  const menu = page.getByRole('navigation', { name: 'Hoofdmenu' });
  for (const name of ['School', 'Leerjaar', 'Groepen', 'Leerlingen', 'Beheer', 'Gebruikers', 'Plannen']) {
    await expect(menu.getByRole('link', { name, exact: true }).first()).toBeVisible();
  }
  // Several schools: the school-name entry leads to the school list; no Upload for a school e-mail address.
  await expect(menu.getByRole('link', { name: 'OBS De Regenboog' })).toHaveAttribute('href', '/app/schools');
  await expect(menu.getByRole('link', { name: 'Upload' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Werkblad' })).toHaveCount(0);

  // Choose a group of grade 3 or higher.
  const groupSelect = page.getByRole('combobox', { name: 'Groep' });
  const options = await groupSelect.locator('option:not([disabled])').allTextContents();
  const upper = options.find((name) => /Groep [3-8]/.test(name));
  expect(upper).toBeTruthy();
  await groupSelect.selectOption({ label: upper ?? '' });
  await expect(page).toHaveURL(/\/app\/schools\/1\/groups\/\d+\/worksheet$/);
  await expect(groupSelect.locator('option:checked')).toHaveText(upper ?? '');
  await expectPageInShell(page);

  for (const name of ['Werkblad', 'Resultaten', 'Notities']) {
    await expect(menu.getByRole('link', { name })).toBeVisible();
  }
  const subPages: [string, RegExp][] = [
    ['Werkblad', /\/worksheet$/],
    ['Resultaten', /\/results$/],
    ['Notities', /\/notes$/],
  ];
  if ((await menu.getByRole('link', { name: /Toetsoverzicht/ }).count()) > 0) {
    await expect(menu.getByRole('link', { name: /Toetsoverzicht/ })).toContainText('bèta');
    subPages.push([`Toetsoverzicht`, /\/goals$/]);
  }
  for (const [name, url] of subPages) {
    await menu.getByRole('link', { name: new RegExp(`^${name}`) }).click();
    await expect(page).toHaveURL(url);
    await expectPageInShell(page);
  }
  await menu.getByRole('link', { name: 'Groepen', exact: true }).click();
  await expect(page.getByTestId('group-links')).toBeVisible();
  for (const [name, url] of [
    ['Leerjaar', /\/years$/],
    ['Groepen', /\/groups(\/\d+)?$/],
  ] as const) {
    await menu.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(url);
    await expectPageInShell(page);
  }
  await menu.getByRole('link', { name: 'School', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/schools\/1$/);
  await expectPageInShell(page);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeFocused();
  await expect(page.getByText(`© ${new Date().getFullYear()} Leerzicht`)).toBeVisible();

  // The school follows the URL.
  // (Het Kompas may show its disconnected-school notice over the page: the link is read from the DOM.)
  await page.goto(`/app/schools/${KOMPAS_ID}/years`);
  await expect(page.locator('nav a[href="/app/schools"]')).toHaveText('CBS Het Kompas');
});

test('a teacher sees no Management, and gets the no-access view there', async ({ page }) => {
  await login(page, 'leerkracht');
  await page.goto(`/app/schools/${REGENBOOG_ID}`);
  const menu = page.getByRole('navigation', { name: 'Hoofdmenu' });
  await expect(menu.getByRole('link', { name: 'School', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Beheer' })).toHaveCount(0);
  const options = await page
    .getByRole('combobox', { name: 'Groep' })
    .locator('option:not([disabled])')
    .count();
  expect(options).toBe(2);

  await page.goto(`/app/schools/${REGENBOOG_ID}/admin/permissions`);
  await expect(page.getByRole('heading', { name: 'Geen toegang' })).toBeVisible();
  await expect(
    page.getByText(
      'Helaas heb je geen toegang tot deze pagina. Vraag de beheerder van je school om je de benodigde rechten te geven.',
    ),
  ).toBeVisible();

  await page.goto(`/app/schools/${REGENBOOG_ID}/admin/permissions?lang=en`);
  await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
  await expect(
    page.getByText(
      'Unfortunately you do not have access to this page. Ask the administrator of your school to grant you the necessary access rights.',
    ),
  ).toBeVisible();
});

test('not-found views: an unknown address and a school of someone else', async ({ page }) => {
  await login(page, 'leerkracht');
  await page.goto('/app/no-such-page');
  await expect(page.getByRole('heading', { name: NOT_FOUND })).toBeVisible();
  await expect(
    page.getByText(
      'Helaas kunnen we de pagina die je zoekt niet vinden. Mogelijk is de pagina verwijderd of verplaatst.',
    ),
  ).toBeVisible();
  await page.goto(`/app/schools/${KOMPAS_ID}/groups`);
  await expect(page.getByRole('heading', { name: NOT_FOUND })).toBeVisible();
  await page.getByRole('link', { name: 'Naar de startpagina', exact: true }).click();
  await expect(page.getByRole('heading', { name: NOT_FOUND })).toHaveCount(0);
});

test('axe finds no serious or critical violation on login, the school list and the shell', async ({
  page,
}) => {
  await page.goto('/auth/login?lang=nl');
  await expect(page.getByRole('button', { name: 'Inloggen' })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  await login(page, 'directeur');
  await page.goto('/app/schools');
  await expect(page.getByRole('heading', { name: 'Scholen' })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  await page.goto(`/app/schools/${REGENBOOG_ID}`);
  await expect(page.getByRole('navigation', { name: 'Hoofdmenu' })).toBeVisible();
  await expectPageInShell(page);
  expect(await seriousAxeViolations(page)).toEqual([]);
});
