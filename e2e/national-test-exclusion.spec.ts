import { expect, test, type Page } from './test';
import { REGENBOOG_ID, login } from './shell-helpers';

// These flows load several pages and send a file; on the shared 2-core machine they take longer than 60 s.
test.describe.configure({ timeout: 180_000 });

/** The school's pupil count per moment in the subject page's table, as the page shows it. */
async function countsPerMoment(page: Page, subjectPath: string): Promise<Map<string, number>> {
  await page.goto(subjectPath);
  const rows = page.getByTestId('subject-exams').locator('tbody tr');
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  const cells = await rows.evaluateAll((list) =>
    list.map((row) => [
      row.querySelector('th')?.textContent ?? '',
      row.querySelector('td')?.textContent ?? '',
    ]),
  );
  return new Map(cells.map(([moment, count]) => [moment ?? '', Number(count)]));
}

test("a superuser excludes a pupil from national tests and the school's count for that pupil's moments drops by one", async ({
  page,
}) => {
  await login(page, 'directeur');
  await page.goto(`/app/schools/${REGENBOOG_ID}`);
  const subjectLink = page.getByRole('link', { name: /in detail$/ }).first();
  await expect(subjectLink).toBeVisible({ timeout: 30_000 });
  const subjectPath = (await subjectLink.getAttribute('href')) ?? '';
  expect(subjectPath).toMatch(/\/subjects\/\d+$/);
  const before = await countsPerMoment(page, subjectPath);

  // A pupil of Groep 8 who still counts: they have results over several school years.
  await page.goto(`/app/schools/${REGENBOOG_ID}/admin/pupils`);
  await expect(page.getByRole('switch').first()).toBeVisible({ timeout: 30_000 });
  const row = page
    .locator('tbody tr')
    .filter({ hasText: 'Groep 8' })
    .filter({ has: page.getByRole('switch', { checked: false }) })
    .first();
  await expect(row).toBeVisible();
  const name = (await row.getAttribute('aria-label')) ?? '';
  expect(name).not.toBe('');
  await row.getByRole('switch').click();
  const dialog = page.getByRole('dialog', { name: `${name} uitsluiten van landelijke toetsen` });
  await dialog.getByRole('radio', { name: /Nieuwkomer/ }).check();
  await dialog.getByRole('button', { name: 'Uitsluiten' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(
    page.getByRole('switch', { name: `${name} uitgesloten van landelijke toetsen` }),
  ).toBeChecked();

  const after = await countsPerMoment(page, subjectPath);
  expect([...after.keys()]).toEqual([...before.keys()]);
  const dropped = [...before].filter(([moment, count]) => after.get(moment) !== count);
  expect(dropped.length).toBeGreaterThan(0);
  for (const [moment, count] of dropped) expect(after.get(moment), moment).toBe(count - 1);

  // Counting the pupil again restores every count.
  await page.goto(`/app/schools/${REGENBOOG_ID}/admin/pupils`);
  const excluded = page.getByRole('switch', { name: `${name} uitgesloten van landelijke toetsen` });
  await expect(excluded).toBeChecked({ timeout: 30_000 });
  await excluded.click();
  await expect(excluded).not.toBeChecked();
  expect(await countsPerMoment(page, subjectPath)).toEqual(before);
});
