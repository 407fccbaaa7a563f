import { expect, test } from './test';
import { E2E_REGENBOOG_ROW, makeInspectorateCsv, weighted } from './fixtures/make-inspectorate';
import { REGENBOOG_ID, login } from './shell-helpers';

// Several pages and a file on the shared 2-core machine.
test.describe.configure({ timeout: 180_000 });

const pct = (value: number) => `${String(value).replace('.', ',')}%`;

test("provider staff upload the inspectorate's file; the director sees its figures beside the product's", async ({
  page,
  browser,
}) => {
  await login(page, 'beheer');
  await page.goto(`/app/schools/${REGENBOOG_ID}/admin/upload`);
  const section = page.getByTestId('inspectorate-upload');
  await expect(section).toBeVisible({ timeout: 30_000 });
  await section.getByLabel('Bestand van de inspectie (.ods, .csv, .xlsx)').setInputFiles({
    name: 'gemiddelde_referentieniveaus_per_school_Open_data.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(makeInspectorateCsv()),
  });
  await section.getByRole('button', { name: 'Controleren' }).click();
  const preview = section.getByTestId('inspectorate-preview');
  await expect(preview).toBeVisible({ timeout: 30_000 });
  const row = preview.locator('[data-ovt="12AB|C1"]');
  await expect(row).toContainText('OBS De Regenboog');
  await expect(row.locator('[data-status="changed"]')).toBeVisible();
  await section.getByRole('button', { name: 'Inlezen' }).click();
  await expect(
    section.getByRole('status').filter({ hasText: 'De cijfers van de inspectie zijn ingelezen' }),
  ).toBeVisible({ timeout: 30_000 });

  const director = await browser.newPage();
  await login(director, 'directeur');
  await director.goto(`/app/schools/${REGENBOOG_ID}`);
  const panel = director.getByTestId('inspection-panel');
  await expect(panel).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByTestId('inspection-source')).toHaveAttribute('data-source', 'imported');
  const table = panel.locator('[data-testid="inspection-comparison-table"][data-ovt="12AB|C1"]');
  await expect(table).toContainText('Leerzicht (LVS, schatting)');
  await expect(table).toContainText('Inspectie (gepubliceerd)');
  for (const [share1F, shareTarget] of E2E_REGENBOOG_ROW.years) {
    await expect(table).toContainText(pct(share1F));
    await expect(table).toContainText(pct(shareTarget));
  }
  const total = table.getByTestId('inspection-comparison-total');
  await expect(total).toContainText(pct(weighted(E2E_REGENBOOG_ROW, 0)));
  await expect(total).toContainText(pct(weighted(E2E_REGENBOOG_ROW, 1)));
  // The verdict's 1S/2F value is the inspectorate's, shown in the signal row.
  await expect(panel.getByTestId('inspection-signals')).toContainText(pct(E2E_REGENBOOG_ROW.signalTarget));
  await director.close();
});
