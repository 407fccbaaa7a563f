import { expect, test } from './test';
import { groupId, login, REGENBOOG_ID } from './shell-helpers';

test('a teacher records a social-emotional observation and sees it in the group table', async ({ page }) => {
  await login(page, 'leerkracht');
  const group = await groupId(page, 'Groep 6A');
  await page.goto(`/app/schools/${REGENBOOG_ID}/groups/${group}/social-emotional`);
  const table = page.getByTestId('group-observations');
  const firstPupil = table.locator('tbody tr').first().getByRole('link');
  const name = (await firstPupil.innerText()).trim();
  await firstPupil.click();
  await expect(page.getByRole('heading', { name: `Sociaal-emotioneel: ${name}`, level: 1 })).toBeVisible();

  const form = page.getByRole('form', { name: 'Nieuwe observatie' });
  await form.getByRole('radiogroup', { name: 'Welbevinden' }).getByText('2', { exact: true }).click();
  await form.getByRole('radiogroup', { name: 'Werkhouding' }).getByText('3', { exact: true }).click();
  await form.getByRole('textbox', { name: /Notitie/ }).fill('Stil in de kring, e2e');
  await form.getByRole('button', { name: 'Observatie opslaan' }).click();
  await expect(form.getByText('Observatie opgeslagen.')).toBeVisible();
  await expect(page.getByTestId('pupil-observations')).toContainText('Stil in de kring, e2e');

  // Back in the group: the pupil's latest observation is today's, and a rating of 2 asks for attention.
  await page.goto(`/app/schools/${REGENBOOG_ID}/groups/${group}/social-emotional`);
  const row = page.getByTestId('group-observations').locator('tbody tr').filter({ hasText: name });
  const today = new Intl.DateTimeFormat('nl', { dateStyle: 'medium' }).format(new Date());
  await expect(row).toContainText(today);
  await expect(row).toContainText('Lage score');
});

test("a teacher moves a pupil to another instruction group by drag and drop and sees it in the pupil's log", async ({
  page,
}) => {
  await login(page, 'leerkracht');
  const group = await groupId(page, 'Groep 6A');
  await page.goto(`/app/schools/${REGENBOOG_ID}/groups/${group}/instruction-groups`);
  const board = page.getByTestId('approach-board');
  const basic = board.getByRole('region', { name: /^Basis/ });
  const intensive = board.getByRole('region', { name: /^Intensief/ });
  const card = basic.locator('[data-pupil-id]').first();
  const pupilId = await card.getAttribute('data-pupil-id');
  const handle = card.locator('p, span, div').filter({ hasText: /\S/ }).first();
  const name = (await handle.innerText()).trim();

  // dnd-kit listens to pointer events: press, move in steps past its threshold, release over the column.
  const from = await handle.boundingBox();
  const to = await intensive.boundingBox();
  if (!from || !to) throw new Error('no boxes');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2 + 5, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + 60, { steps: 15 });
  await page.mouse.up();
  await expect(intensive.locator(`[data-pupil-id="${pupilId}"]`)).toBeVisible();

  await page.goto(`/app/schools/${REGENBOOG_ID}/pupils/${pupilId}`);
  const log = page.getByTestId('approach-log');
  await expect(log.locator('tbody tr').first()).toContainText('Intensief');
  await expect(log.locator('tbody tr').first()).toContainText('Spelling');
  expect(name.length).toBeGreaterThan(0);
});

test('a teacher adds a score note from the group results table and sees the icon', async ({ page }) => {
  await login(page, 'leerkracht');
  const group = await groupId(page, 'Groep 6A');
  await page.goto(`/app/schools/${REGENBOOG_ID}/groups/${group}/results`);
  const table = page.getByTestId('group-results');
  const button = table
    .locator('tbody tr')
    .getByRole('button', { name: /^Notities bij/ })
    .last();
  const label = (await button.getAttribute('aria-label')) ?? '';
  const count = Number(/\((\d+)\)$/.exec(label)?.[1] ?? '0');
  await button.click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByRole('textbox', { name: /^Notitie bij dit resultaat/ })
    .fill('Meer tijd nodig bij dictee (e2e)');
  await dialog.getByRole('textbox', { name: /^Vooruitblik/ }).fill('Extra oefening in de instructiegroep');
  await dialog.getByRole('button', { name: 'Notitie opslaan' }).click();
  await expect(dialog.getByText('Meer tijd nodig bij dictee (e2e)')).toBeVisible();
  await page.keyboard.press('Escape');
  const after = table.getByRole('button', { name: label.replace(/\(\d+\)$/, `(${count + 1})`) });
  await expect(after).toHaveAttribute('data-has-notes', 'true');
});
