import { expect, test } from './test';
import { DEMO_EDEXML_NEW_PUPIL, DEMO_EDEXML_NEW_TEACHER, makeDemoEdexml } from './fixtures/make-edexml';
import { REGENBOOG_ID, login } from './shell-helpers';

// These flows load several pages and send a file; on the shared 2-core machine they take longer than 60 s.
test.describe.configure({ timeout: 180_000 });

const NEW_PUPIL = `${DEMO_EDEXML_NEW_PUPIL.firstName} ${DEMO_EDEXML_NEW_PUPIL.lastNamePrefix} ${DEMO_EDEXML_NEW_PUPIL.lastName}`;

test('beheer uploads an EDEXML file, checks the preview, applies it skipping the row error, and finds the new pupil', async ({
  page,
}) => {
  await login(page, 'beheer');
  await page.goto(`/app/schools/${REGENBOOG_ID}`);
  await page
    .getByRole('navigation', { name: 'Hoofdmenu' })
    .getByRole('link', { name: 'Upload', exact: true })
    .click();
  // The page's part loads on first use; the shared test machine can be slow.
  await expect(page.getByRole('heading', { name: 'Upload', exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('radio', { name: /EDEXML/ })).toBeChecked();

  await page.getByLabel('Bestand', { exact: true }).setInputFiles({
    name: 'regenboog.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from(makeDemoEdexml()),
  });
  await page.getByRole('button', { name: 'Bestand controleren' }).click();

  // The preview: one new pupil, every other pupil unchanged, and exactly one row with an error.
  const counts = page.getByRole('table', { name: 'Wat er verandert' });
  await expect(counts).toBeVisible({ timeout: 30_000 });
  const pupilCells = counts.getByRole('row', { name: 'Leerlingen' }).getByRole('cell');
  await expect(pupilCells.nth(0)).toHaveText('1');
  await expect(pupilCells.nth(1)).toHaveText('0');
  const errors = page.getByRole('table', { name: 'Fouten per regel' });
  await expect(errors.locator('tbody tr')).toHaveCount(1);
  await expect(errors.locator('tbody tr')).toContainText('geboortedatum');
  await expect(page.getByText(DEMO_EDEXML_NEW_TEACHER.name, { exact: false })).toBeVisible();

  const apply = page.getByRole('button', { name: /^Toepassen: \d+ wijziging/ });
  await expect(apply).toBeDisabled();
  await page.getByRole('checkbox', { name: 'De regel met een fout overslaan' }).check();
  await expect(apply).toBeEnabled();
  await apply.click();
  await expect(page.getByRole('status').filter({ hasText: 'Upload verwerkt' })).toBeVisible({
    timeout: 30_000,
  });
  const firstUpload = page.getByRole('table', { name: 'Eerdere uploads' }).locator('tbody tr').first();
  await expect(firstUpload).toContainText('regenboog.xml');
  await expect(firstUpload).toContainText('Verwerkt');

  await page.goto(`/app/schools/${REGENBOOG_ID}/pupils`);
  await page.getByRole('searchbox', { name: 'Zoek een leerling' }).fill(DEMO_EDEXML_NEW_PUPIL.firstName);
  await expect(page.getByRole('link', { name: NEW_PUPIL, exact: true })).toBeVisible({ timeout: 30_000 });
});

test('directeur sees no Upload in the menu and gets not found at its address', async ({ page }) => {
  await login(page, 'directeur');
  await page.goto(`/app/schools/${REGENBOOG_ID}`);
  const menu = page.getByRole('navigation', { name: 'Hoofdmenu' });
  await expect(menu.getByRole('link', { name: 'Beheer', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Gebruikers', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Upload', exact: true })).toHaveCount(0);
  await page.goto(`/app/schools/${REGENBOOG_ID}/admin/upload`);
  await expect(page.getByRole('heading', { name: 'Pagina niet gevonden' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Bestand controleren' })).toHaveCount(0);
});
