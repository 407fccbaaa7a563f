import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from './test';

export const DEMO_PASSWORD = 'welkom-leerzicht';
/** OBS De Regenboog and CBS Het Kompas in the demo data. */
export const REGENBOOG_ID = 1;
export const KOMPAS_ID = 2;

/** Logs in through the login screen, in Dutch for this browser whatever the account's language. */
export async function login(page: Page, username: string): Promise<void> {
  await page.goto('/auth/login?lang=nl');
  await page.getByRole('textbox', { name: 'Gebruikersnaam', exact: true }).fill(username);
  await page.getByRole('textbox', { name: 'Wachtwoord', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/app(\/|$)/);
}

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * Runs axe-core in the page (injected as a script once per document) and returns the serious and critical
 * violations. Only violations are collected: axe's details of the rules that passed doubled its time on the
 * larger pages, and nothing here reads them.
 */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated, not added as a script tag: the app's Content-Security-Policy forbids inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (context: Document, options: { resultTypes: string[] }) => Promise<{ violations: unknown[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return (violations as AxeViolation[])
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map((node) => ({ target: node.target })),
    }));
}

/** The id of a group of De Regenboog in the current school year, from the groups page's link. */
export async function groupId(page: Page, name: string): Promise<string> {
  await page.goto(`/app/schools/${REGENBOOG_ID}/groups`);
  const href = await page.getByRole('link', { name, exact: true }).first().getAttribute('href');
  const id = /groups\/(\d+)/.exec(href ?? '')?.[1];
  if (!id) throw new Error(`no group ${name}`);
  return id;
}
