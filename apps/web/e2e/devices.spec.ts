import AxeBuilder from '@axe-core/playwright';
import { expect, PASSWORD, storeTokens, test, uniqueName } from './fixtures';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

test('settings: signed-in devices, signing out the other device from this one', async ({
  browser,
  account,
  authedPage: page,
  request,
}) => {
  // A second device: a laptop with Firefox's user agent, signed in through the API with that
  // agent (the sign-in form itself is auth.spec's), its tokens in a browser of its own.
  const login = await request.post('/api/token/', {
    headers: { 'user-agent': FIREFOX },
    data: { username: account.username, password: account.password },
  });
  expect(login.status()).toBe(200);
  const laptop = await browser.newContext({ userAgent: FIREFOX });
  const laptopPage = await laptop.newPage();
  await storeTokens(laptopPage, await login.json());
  await laptopPage.goto('/settings');
  await expect(
    laptopPage.getByRole('heading', { level: 1, name: 'Account Settings' }),
  ).toBeVisible();

  await page.goto('/settings');
  const devices = page.getByRole('list', { name: 'Signed-in devices' });
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  const current = devices.getByRole('listitem').filter({ hasText: 'this device' });
  await expect(current).toHaveCount(1);
  await expect(current).toContainText('last active just now');
  const other = devices.getByRole('listitem').filter({ hasText: 'Firefox 133 on Windows 10' });
  await expect(other).toContainText('last active');

  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => v.id)).toEqual([]);

  await other.getByRole('button', { name: /^Sign out Firefox 133 on Windows 10/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Device signed out.' })).toBeVisible();
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();

  // The laptop is signed out: its next screen sends it to sign in again, saying why (issue 19,
  // ADR 0517; before, to the landing page).
  await laptopPage.goto('/settings');
  await expect(laptopPage).toHaveURL(/\/login$/);
  await expect(laptopPage.getByText('You were signed out from another device.')).toBeVisible();

  // This device stays signed in.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  await laptop.close();
});

test('settings: sign out everywhere else', async ({ request, page }) => {
  const username = uniqueName('all');
  await request.post('/api/user/register/', { data: { username, password: PASSWORD } });
  const tokens = async () =>
    (await (
      await request.post('/api/token/', { data: { username, password: PASSWORD } })
    ).json()) as { access: string; refresh: string };
  const phone = await tokens();
  await tokens();
  await storeTokens(page, await tokens());
  await page.goto('/settings');
  const devices = page.getByRole('list', { name: 'Signed-in devices' });
  await expect(devices.getByRole('listitem')).toHaveCount(3);
  await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Signed out 2 other devices.' }),
  ).toBeVisible();
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  const refused = await request.get('/api/user/', {
    headers: { authorization: `Bearer ${phone.access}` },
  });
  expect(refused.status()).toBe(401);
});
