import { expect, test } from './test';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/** Undoes quoted-printable: soft line breaks and =XX escapes. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/**
 * The accept link from the newest e-mail to `address` (waits for the mail to be written). Without SMTP_URL the
 * server writes each e-mail as an .eml file in DATA_DIR/mail.
 */
async function invitationLink(dataDir: string, address: string): Promise<string> {
  const mailDir = path.join(dataDir, 'mail');
  let link: string | undefined;
  await expect(async () => {
    const files = (await readdir(mailDir)).filter((file) => file.endsWith('.eml'));
    const dated = await Promise.all(
      files.map(async (file) => ({ file, mtime: (await stat(path.join(mailDir, file))).mtimeMs })),
    );
    for (const { file } of dated.sort((a, b) => b.mtime - a.mtime)) {
      const mail = decodeQuotedPrintable(await readFile(path.join(mailDir, file), 'utf8'));
      if (!mail.includes(address)) continue;
      link = /https?:\/\/[^\s"<>]+\/auth\/accept-invite\/[A-Za-z0-9_-]+/.exec(mail)?.[0];
      if (link) return;
    }
    throw new Error(`no invitation mail to ${address} yet`);
  }).toPass({ timeout: 15_000 });
  if (!link) throw new Error('no link');
  return link;
}

test('a colleague is invited on the users page and accepts from the e-mailed link', async ({
  page,
  server,
}) => {
  const address = `collega-${Date.now()}@regenboog.example`;

  await page.goto('/auth/login');
  await page.getByRole('textbox', { name: 'Gebruikersnaam', exact: true }).fill('directeur');
  await page.getByRole('textbox', { name: 'Wachtwoord', exact: true }).fill('welkom-leerzicht');
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await page.getByRole('link', { name: 'OBS De Regenboog' }).click();
  await expect(page).toHaveURL(/\/app\/schools\/\d+$/);
  const schoolId = /\/app\/schools\/(\d+)$/.exec(page.url())?.[1];

  await page.goto(`/app/schools/${schoolId}/admin/permissions`);
  await expect(page.getByRole('heading', { name: 'Gebruikers' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Marieke de Vries/ })).toContainText('Beheerder');
  await page.getByRole('textbox', { name: 'E-mailadressen' }).fill(`${address}, geen-adres`);
  await page.getByRole('button', { name: 'Uitnodigingen versturen' }).click();
  await expect(page.getByText(`Uitnodiging verstuurd naar ${address}`)).toBeVisible();
  await expect(page.getByText('geen-adres: Vul een geldig e-mailadres in.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'E-mailadressen' })).toHaveValue('geen-adres');
  await expect(page.getByRole('row', { name: new RegExp(address) })).toBeVisible();

  const link = await invitationLink(server.dataDir, address);
  await page.getByRole('button', { name: 'Uitloggen' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);

  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { name: 'Uitnodiging aannemen' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'E-mailadres' })).toHaveValue(address);
  await page.getByRole('textbox', { name: 'Voornaam' }).fill('Noor');
  await page.getByRole('textbox', { name: 'Achternaam' }).fill('de Boer');
  await page.getByRole('textbox', { name: 'Wachtwoord', exact: true }).fill('kort');
  await page.getByRole('textbox', { name: 'Bevestig wachtwoord' }).fill('kort');
  await page.getByRole('button', { name: 'Account aanmaken' }).click();
  await expect(
    page.getByText('Dit wachtwoord is te kort. Het moet minstens 10 tekens bevatten.'),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Voornaam' })).toHaveValue('Noor');

  await page.getByRole('textbox', { name: 'Wachtwoord', exact: true }).fill('een-lang-nieuw-wachtwoord');
  await page.getByRole('textbox', { name: 'Bevestig wachtwoord' }).fill('een-lang-nieuw-wachtwoord');
  await page.getByRole('button', { name: 'Account aanmaken' }).click();
  await expect(page).toHaveURL(/\/app\/schools/);
  await expect(page.getByRole('button', { name: 'Uitloggen' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('username'))).toBe(address);

  // The link works once: opened again, it leads to login with the username filled in (after logout).
  await page.getByRole('button', { name: 'Uitloggen' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.goto(new URL(link).pathname);
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole('textbox', { name: 'Gebruikersnaam', exact: true })).toHaveValue(address);
});
