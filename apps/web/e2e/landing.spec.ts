import type { Page } from '@playwright/test';
import { expect, scaled, test } from './fixtures';

const typed = (page: Page) => page.getByTestId('typed-title');

/**
 * Advances the fake clock `ms` and checks the title changes exactly then, not a moment before.
 * The clock stands still between the steps, so the short wait (scaled for a busy machine) only
 * gives the page time to answer; it cannot let a change come later.
 */
async function expectChangeAfter(page: Page, ms: number, before: string, after: string) {
  const timeout = scaled(100);
  await page.clock.runFor(ms - 1);
  await expect(typed(page)).toHaveText(before, { timeout });
  await page.clock.runFor(1);
  await expect(typed(page)).toHaveText(after, { timeout });
}

test('landing: the title types, holds, deletes and repeats on time', async ({ page }) => {
  // Time stands still from before the page loads; it moves only when the test says so.
  await page.clock.install({ time: new Date('2026-01-01T00:00:00Z') });
  await page.clock.pauseAt(new Date('2026-01-01T00:00:01Z'));
  await page.goto('/landing');
  await expect(typed(page)).toHaveText('');
  await expectChangeAfter(page, 150, '', 'P');

  // 150 ms per letter.
  const word = 'Prodify';
  for (let n = 2; n <= word.length; n++) {
    await expectChangeAfter(page, 150, word.slice(0, n - 1), word.slice(0, n));
  }
  // Held 1000 ms, then deleted at 80 ms per letter.
  await expectChangeAfter(page, 1000 + 80, word, 'Prodif');
  for (let n = word.length - 2; n >= 0; n--) {
    await expectChangeAfter(page, 80, word.slice(0, n + 1), word.slice(0, n));
  }
  // Empty for 500 ms, then typing again at 150 ms.
  await expectChangeAfter(page, 500 + 150, '', 'P');
  await expectChangeAfter(page, 150, 'P', 'Pr');
  // The accessible name is the product name all along.
  await expect(page.getByRole('heading', { level: 1, name: 'Prodify' })).toBeVisible();
});

test('landing: 100 drops of rain within the spec ranges, a desk, the tagline', async ({ page }) => {
  await page.goto('/landing');
  const drops = await page.locator('.rain .drop').evaluateAll((els) =>
    els.map((el) => {
      const s = (el as HTMLElement).style;
      return {
        left: Number.parseFloat(s.left),
        duration: Number.parseFloat(s.animationDuration),
        delay: Number.parseFloat(s.animationDelay),
      };
    }),
  );
  expect(drops).toHaveLength(100);
  for (const d of drops) {
    expect(d.left).toBeGreaterThanOrEqual(0);
    expect(d.left).toBeLessThanOrEqual(100);
    expect(d.duration).toBeGreaterThanOrEqual(1);
    expect(d.duration).toBeLessThanOrEqual(2.5);
    expect(d.delay).toBeGreaterThanOrEqual(0);
    expect(d.delay).toBeLessThanOrEqual(2);
  }
  // Random, not all the same.
  expect(new Set(drops.map((d) => d.left.toFixed(1))).size).toBeGreaterThan(50);
  await expect(page.getByRole('img', { name: /cozy desk/ })).toBeVisible();
  await expect(
    page.getByText(/Streamline your productivity with all-in-one AI note taking/),
  ).toBeVisible();
});

test('landing: a first visit runs without React; the stickers lead to login and register', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  const chunksOf = async (url: string) =>
    [...(await (await page.request.get(url)).text()).matchAll(/"(\/assets\/[\w-]+\.js)"/g)].map(
      (m) => m[1] ?? '',
    );
  // landing.html lists the landing page's own chunks; the app's page lists the app chunk.
  const landingChunks = await chunksOf('/landing');
  const appChunk = (await chunksOf('/login')).find((c) => /^\/assets\/app-[\w-]+\.js$/.test(c));
  expect(appChunk).toBeDefined();
  expect(landingChunks).not.toContain(appChunk);

  await page.goto('/landing');
  await expect(typed(page)).not.toHaveText('');
  // Only the landing page's chunks: the React app is loaded when the visitor moves on.
  expect([...scripts].sort()).toEqual([...landingChunks].sort());

  const login = page.getByRole('link', { name: 'Login', exact: true });
  const register = page.getByRole('link', { name: 'Register', exact: true });
  await expect(login).toHaveAttribute('href', '/login');
  await expect(register).toHaveAttribute('href', '/register');
  await login.click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  expect(scripts).toContain(appChunk);

  // Back to the landing page inside the app: the same page, and Register goes on.
  await page.goBack();
  await expect(page).toHaveURL(/\/landing$/);
  await expect(typed(page)).not.toHaveText('');
  await page.getByRole('link', { name: 'Register', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Register' })).toBeVisible();
});

test('landing: reduced motion shows the name still, without rain', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.clock.install();
  await page.goto('/landing');
  await expect(typed(page)).toHaveText('Prodify');
  await page.clock.runFor(5_000);
  await expect(typed(page)).toHaveText('Prodify');
  await expect(page.locator('.rain')).toBeHidden();
});

test('landing: the keyboard reaches both stickers', async ({ page }) => {
  await page.goto('/landing');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Register', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/register$/);
});
