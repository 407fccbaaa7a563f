import { expect, test } from './test';
import { REGENBOOG_ID, login } from './shell-helpers';

test('the demo account: a banner, and a change that is not sent to the server', async ({ page }) => {
  const writes: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && request.url().includes('/api/')) {
      writes.push(`${request.method()} ${new URL(request.url()).pathname}`);
    }
  });

  await login(page, 'demo');
  await page.goto(`/app/schools/${REGENBOOG_ID}`);
  await expect(page.getByText('Dit is een demo-account: wijzigingen worden niet opgeslagen.')).toBeVisible();

  // Changing the language would save it for the user (PATCH): in a demo session it is not sent.
  await page.getByRole('combobox', { name: 'Taal' }).selectOption('en');
  await expect(page.getByText('This is a demo account: changes are not saved.')).toBeVisible();
  // So is changing the session's school year (PUT).
  const years = page.getByRole('combobox', { name: 'School year' });
  // The side menu may be re-rendering after the language switch: read its options once they are there.
  await expect(years.locator('option').nth(1)).toBeAttached();
  const options = await years
    .locator('option')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('value') ?? ''));
  const year = options[1] ?? '';
  // The page asks for the school in the chosen year once the choice is made, after the PUT that would have gone
  // out before it: its answer is the moment to look at what was sent.
  const schoolInYear = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return (
      response.request().method() === 'GET' &&
      url.pathname === `/api/1.0/schools/${REGENBOOG_ID}/` &&
      url.searchParams.get('school_year') === year
    );
  });
  await years.selectOption(year);
  await expect(years).toHaveValue(year);
  expect((await schoolInYear).status()).toBe(200);

  expect(writes).toEqual(['POST /api/1.0/login/']);
});
