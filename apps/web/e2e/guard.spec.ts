import { expect, expiredAccess, failApi, forgeToken, readExp, storeTokens, test } from './fixtures';

const SCREENS = [
  { path: '/', heading: /^Welcome, / },
  { path: '/note-history', heading: 'Note History' },
  { path: '/todo', heading: 'My To-Do List' },
  { path: '/calendar', heading: 'Calendar' },
  { path: '/settings', heading: 'Account Settings' },
] as const;

test.describe('the guard of every signed-in screen', () => {
  for (const { path } of SCREENS) {
    test(`${path} without tokens goes to /landing`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/landing$/);
      await expect(page.getByRole('link', { name: 'Register' })).toBeVisible();
    });
  }

  for (const { path, heading } of SCREENS) {
    test(`${path} refreshes an expired access token and shows the screen`, async ({
      page,
      account,
    }) => {
      const expired = expiredAccess(account.access);
      await storeTokens(page, { access: expired, refresh: account.refresh });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      const access = await page.evaluate(() => localStorage.getItem('access'));
      expect(access).not.toBe(expired);
      expect(readExp(access ?? '')).toBeGreaterThan(Date.now() / 1000);
    });
  }

  test("shows 'Loading...' while it checks", async ({ page, account }) => {
    await storeTokens(page, { access: expiredAccess(account.access), refresh: account.refresh });
    // Hold the refresh for a moment so the check is visible.
    await page.route('**/api/token/refresh/', async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await page.goto('/todo');
    await expect(page.getByText('Loading...')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'My To-Do List' })).toBeVisible();
  });

  test('an expired access token with a refused refresh goes to /landing', async ({
    page,
    account,
  }) => {
    await storeTokens(page, { access: expiredAccess(account.access), refresh: 'not-a-token' });
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/landing$/);
  });

  test('a 401 mid-session gets one refresh and a retry', async ({ page, account }) => {
    // Looks valid to the client (exp in the future) but the API refuses its signature.
    const forged = forgeToken(account.access, {}, 'not-the-secret');
    await storeTokens(page, { access: forged, refresh: account.refresh });
    const refreshes: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/token/refresh/')) refreshes.push(r.url());
    });
    await page.goto('/');
    await expect(
      page.getByRole('heading', { name: `Welcome, ${account.username}!` }),
    ).toBeVisible();
    expect(refreshes).toHaveLength(1);
    expect(await page.evaluate(() => localStorage.getItem('access'))).not.toBe(forged);
  });

  test('a 401 mid-session that a refresh cannot fix goes to /landing', async ({
    authedPage: page,
  }) => {
    await page.goto('/todo');
    await expect(page.getByRole('heading', { name: 'My To-Do List' })).toBeVisible();
    // The session is revoked server-side while the screen is open.
    const unauthorized = {
      detail: 'Given token not valid for any token type',
      code: 'token_not_valid',
    };
    await failApi(page, 'POST', '/api/todos/', { status: 401, body: unauthorized });
    await failApi(page, 'POST', '/api/token/refresh/', { status: 401, body: unauthorized });
    await page.getByLabel('Task', { exact: true }).fill('Will not be saved');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/landing$/);
    expect(await page.evaluate(() => localStorage.getItem('access'))).toBeNull();
    // No error toast: the session ended, the task did not "fail".
    await expect(page.getByText('Failed to add task')).toHaveCount(0);
  });
});
