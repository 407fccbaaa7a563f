import { expect, test, type Browser, type Page } from './test';
import { REGENBOOG_ID, login, seriousAxeViolations } from './shell-helpers';

/**
 * Every menu item for directeur, leerkracht and demo, without and with a group selected, in Dutch and English,
 * at 1280 and 390 px: each page shows its heading inside the shell, never the not-found or the crash view, and
 * axe finds no serious or critical violation on it.
 */
const USERS = ['directeur', 'leerkracht', 'demo'] as const;
const LANGUAGES = ['nl', 'en'] as const;
const WIDTHS = [1280, 390] as const;

const TEXTS = {
  nl: { menu: 'Hoofdmenu', group: 'Groep', notFound: 'Pagina niet gevonden', crash: /^Oeps/ },
  en: { menu: 'Main menu', group: 'Group', notFound: 'Page not found', crash: /^Oops/ },
} as const;

type Language = (typeof LANGUAGES)[number];

interface Finding {
  path: string;
  problem: string;
}

/** The menu's addresses (at 390 px the menu sits in a closed drawer: its links are in the page all the same). */
async function menuPaths(page: Page, language: Language): Promise<string[]> {
  const menu = page.getByRole('navigation', { name: TEXTS[language].menu, includeHidden: true });
  const hrefs = await menu
    .locator('a[href]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return [...new Set(hrefs.filter((href) => href.startsWith(`/app/schools/${REGENBOOG_ID}`)))];
}

/** Opens one address and reports what is wrong there (empty when the page is right). */
async function checkPage(page: Page, language: Language, path: string): Promise<Finding[]> {
  const texts = TEXTS[language];
  // Client-side, as a click on the menu would: no reload of the whole app for every page.
  await page.evaluate((address) => {
    window.history.pushState({}, '', address);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(path);
  const main = page.getByRole('main');
  try {
    await expect(main.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
  } catch (error) {
    return [{ path, problem: `did not finish loading: ${String(error).split('\n')[0]}` }];
  }
  const findings: Finding[] = [];
  if ((await page.getByRole('heading', { name: texts.notFound }).count()) > 0) {
    findings.push({ path, problem: 'not-found view' });
  }
  if ((await page.getByRole('heading', { name: texts.crash }).count()) > 0) {
    findings.push({ path, problem: 'crash view' });
  }
  for (const violation of await seriousAxeViolations(page)) {
    const targets = violation.nodes.slice(0, 3).map((node) => JSON.stringify(node.target));
    findings.push({ path, problem: `axe ${violation.impact} ${violation.id}: ${targets.join(' ')}` });
  }
  return findings;
}

async function walk(browser: Browser, user: string, language: Language, width: number): Promise<Finding[]> {
  const context = await browser.newContext({ viewport: { width, height: width > 600 ? 900 : 844 } });
  const page = await context.newPage();
  try {
    await login(page, user);
    await page.goto(`/app/schools/${REGENBOOG_ID}?lang=${language}`);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const findings: Finding[] = [];
    const visited = new Set<string>();
    for (const path of await menuPaths(page, language)) {
      visited.add(path);
      findings.push(...(await checkPage(page, language, path)));
    }

    // With a group selected: the group's own items appear in the menu.
    await page.goto(`/app/schools/${REGENBOOG_ID}`);
    const select = page.getByRole('combobox', { name: TEXTS[language].group, exact: true });
    if (width < 600)
      await page.getByRole('button', { name: language === 'nl' ? 'Menu openen' : 'Open menu' }).click();
    const firstGroup = select.locator('option:not([disabled])').first();
    await expect(firstGroup).toBeAttached({ timeout: 30_000 });
    const label = (await firstGroup.textContent()) ?? '';
    await select.selectOption({ label });
    await expect(page).toHaveURL(/\/groups\/\d+/, { timeout: 30_000 });
    const isGroupPage = (path: string) => /\/groups\/\d+\//.test(path);
    await expect.poll(async () => (await menuPaths(page, language)).some(isGroupPage)).toBe(true);
    const groupPaths = (await menuPaths(page, language)).filter((path) => !visited.has(path));
    for (const path of groupPaths) findings.push(...(await checkPage(page, language, path)));
    return findings;
  } finally {
    await context.close();
  }
}

// The walks are independent (each signs in anew and only reads): they spread over the workers.
test.describe.configure({ mode: 'parallel' });

for (const user of USERS) {
  for (const language of LANGUAGES) {
    for (const width of WIDTHS) {
      test(`menu walk: ${user}, ${language}, ${width} px`, async ({ browser }) => {
        test.setTimeout(180_000);
        const findings = await walk(browser, user, language, width);
        expect(findings).toEqual([]);
      });
    }
  }
}
