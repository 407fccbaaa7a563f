import { expect, test } from './test';
import { REGENBOOG_ID, login } from './shell-helpers';

// page.route must see the version calls: keep the service worker out of this test.
test.use({ serviceWorkers: 'block' });

test('a new server version reloads the page on the next navigation', async ({ page }) => {
  await page.clock.install();
  let version = 'release-1';
  let versionCalls = 0;
  await page.route('**/api/1.0/version/', async (route) => {
    versionCalls += 1;
    await route.fulfill({ json: { version } });
  });

  await login(page, 'directeur');
  await page.goto(`/app/schools/${REGENBOOG_ID}`);
  const menu = page.getByRole('navigation', { name: 'Hoofdmenu' });
  await expect(menu).toBeVisible();
  await expect.poll(() => versionCalls).toBeGreaterThan(0);
  await page.evaluate(() => {
    (window as unknown as { samePage: boolean }).samePage = true;
  });

  // No new version: navigating keeps the page.
  await page.clock.fastForward(60_000);
  await expect.poll(() => versionCalls).toBeGreaterThan(1);
  await menu.getByRole('link', { name: 'Leerjaar' }).click();
  await expect(page).toHaveURL(/\/years$/);
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);

  // A new version is out: nothing happens until the next navigation, which reloads the page.
  version = 'release-2';
  const calls = versionCalls;
  await page.clock.fastForward(60_000);
  await expect.poll(() => versionCalls).toBeGreaterThan(calls);
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);

  const reloaded = page.waitForEvent('load');
  await menu.getByRole('link', { name: 'School', exact: true }).click();
  await reloaded;
  await expect(page).toHaveURL(new RegExp(`/app/schools/${REGENBOOG_ID}$`));
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBeUndefined();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
});
