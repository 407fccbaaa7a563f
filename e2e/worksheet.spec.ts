import { readFileSync } from 'node:fs';
import { expect, test } from './test';
import { groupId, login, REGENBOOG_ID } from './shell-helpers';

test('a teacher starts a plan from a template, adds a pupil category, writes notes, moves a category and is stopped at 5000 characters of evaluation', async ({
  page,
}) => {
  await login(page, 'leerkracht');
  const group = await groupId(page, 'Groep 6A');
  await page.goto(`/app/schools/${REGENBOOG_ID}/groups/${group}/worksheet`);
  await page.getByRole('tab', { name: /^Rekenen-Wiskunde/ }).click();

  // A new plan for the next period, from the standard template.
  await page.getByRole('button', { name: 'Nieuw plan voor de volgende periode' }).click();
  const start = page.getByTestId('start-plan');
  const template = start.getByRole('combobox', { name: /^Sjabloon/ });
  const firstTemplate = await template.locator('option:not([disabled])').first().getAttribute('value');
  await template.selectOption(firstTemplate ?? '');
  const name = `Groepsplan rekenen e2e ${Date.now()}`;
  await start.getByRole('textbox', { name: /^Naam van het plan/ }).fill(name);
  await start.getByRole('button', { name: 'Plan starten' }).click();
  await expect(page.getByTestId('plan-header')).toContainText(name);

  // The template's tree arrived: group goals and the three instruction groups.
  const instruction = page.getByRole('region', { name: 'Instructiegroepen' });
  await expect(instruction.locator('[data-category]').first()).toBeVisible();
  const rootNames = async () =>
    instruction.evaluate((section) =>
      Array.from(section.querySelectorAll(':scope [data-category]'))
        .filter((node) => node.parentElement?.closest('[data-category]') === null)
        .map((node) => node.querySelector('p')?.textContent ?? ''),
    );
  const before = await rootNames();
  expect(before.length).toBeGreaterThanOrEqual(2);

  // Move the first instruction group down: the first two change places.
  await instruction.getByRole('button', { name: `${before[0]} omlaag` }).click();
  await expect.poll(rootNames).toEqual([before[1], before[0], ...before.slice(2)]);

  // Collapsed, the instruction groups fit on the screen: drag the last onto the first and it takes the first place.
  const order = await rootNames();
  for (const name of order) await instruction.getByRole('button', { name: `${name} inklappen` }).click();
  const last = order.at(-1) ?? '';
  const handle = instruction.getByRole('button', { name: new RegExp(`^${last} verslepen`) });
  const target = instruction.getByRole('button', { name: new RegExp(`^${order[0]} verslepen`) });
  await handle.scrollIntoViewIfNeeded();
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('no drag handles');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y - 20, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2 + 40, to.y + to.height / 2, { steps: 15 });
  await page.mouse.up();
  await expect.poll(rootNames).toEqual([last, ...order.slice(0, -1)]);
  for (const name of order) await instruction.getByRole('button', { name: `${name} uitklappen` }).click();

  // A pupil category with a pupil placed in it and a note about that pupil.
  const pupils = page.getByRole('region', { name: 'Leerlingen' });
  await pupils.getByRole('textbox', { name: /^Nieuwe categorie/ }).fill('Leesplezier');
  await pupils.getByRole('button', { name: 'Toevoegen' }).click();
  const category = pupils.locator('[data-category]').filter({ hasText: 'Leesplezier' }).first();
  await expect(category).toBeVisible();
  const place = category.getByRole('combobox', { name: 'Leerling plaatsen in Leesplezier' });
  const pupilName = (await place.locator('option').nth(1).textContent()) ?? '';
  await place.selectOption({ label: pupilName });
  await expect(category.getByRole('button', { name: `${pupilName} uit deze categorie halen` })).toBeVisible();
  await category.getByRole('button', { name: '+ Notitie bij Leesplezier' }).click();
  await category.getByRole('combobox', { name: /^Over leerling/ }).selectOption({ label: pupilName });
  await category
    .getByRole('textbox', { name: /^Nieuwe notitie/ })
    .fill('Kiest zelf een boek uit de klassenbieb.');
  await category.getByRole('button', { name: 'Notitie opslaan' }).click();
  await expect(category.getByText('Kiest zelf een boek uit de klassenbieb.')).toBeVisible();

  // The evaluation stops at 5000 characters with the exact message, and is saved.
  const evaluation = page.getByTestId('evaluation');
  await evaluation.getByRole('textbox').fill('Goed gewerkt. '.repeat(400));
  await expect(evaluation.getByRole('textbox')).toHaveValue('Goed gewerkt. '.repeat(400).slice(0, 5000));
  await expect(evaluation.getByText('Een evaluatie kan maximaal 5000 tekens bevatten')).toBeVisible();
  await evaluation.getByRole('button', { name: 'Evaluatie opslaan' }).click();
  await expect(evaluation.getByText('Evaluatie opgeslagen.')).toBeVisible();

  // The printout without two sections: the counter says so, and the PDF arrives.
  const print = page.getByTestId('print-panel');
  await print.getByRole('checkbox', { name: 'Leerlingen' }).uncheck();
  await print.getByRole('checkbox', { name: 'Effect van het plan' }).uncheck();
  await expect(print.getByTestId('removed-sections')).toHaveText('2 onderdelen weggelaten');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    print.getByRole('button', { name: 'PDF downloaden' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const file = await download.path();
  const head = readFileSync(file).subarray(0, 5).toString('latin1');
  expect(head).toBe('%PDF-');
});
