import { expect, test } from './fixtures';

/**
 * The app needs no inline styles or scripts: with `style-src 'self'` (no 'unsafe-inline'),
 * every screen still works and no violation is reported (the page fixture fails on any).
 */
test('every screen runs under a CSP without unsafe-inline styles', async ({
  authedPage: page,
  account,
}) => {
  let seen = 0;
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const headers = response.headers();
    const csp = headers['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    headers['content-security-policy'] = csp.replace(/\s*'unsafe-inline'/g, '');
    seen++;
    await route.fulfill({ response, headers });
  });

  await page.goto('/landing');
  await expect(page.getByTestId('typed-title')).not.toHaveText('');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: `Welcome, ${account.username}!` })).toBeVisible();
  for (const [link, heading] of [
    ['Note Taking', 'Note History'],
    ['To-Do List', 'My To-Do List'],
    ['Calendar', 'Calendar'],
    ['Settings', 'Account Settings'],
  ] as const) {
    await page.getByRole('link', { name: link }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  await page.getByRole('link', { name: 'To-Do List' }).click();
  await page.getByLabel('Task', { exact: true }).fill('Under a strict policy');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Task added!' })).toBeVisible();
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  expect(seen).toBe(3);
});
