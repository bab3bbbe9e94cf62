import { apiAs, expect, test } from './fixtures';

/** The installable app (ADR 0520): its manifest, and its shell served without network. */
test.describe('offline and install', () => {
  test.use({ serviceWorkers: 'allow' });

  test('the manifest makes the app installable', async ({ page }) => {
    const res = await page.request.get('/manifest.webmanifest');
    expect(res.ok()).toBe(true);
    const manifest = await res.json();
    expect(manifest).toMatchObject({
      name: 'Prodify',
      start_url: '/',
      display: 'standalone',
    });
    const sizes = manifest.icons.map((icon: { sizes: string }) => icon.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((icon: { purpose?: string }) => icon.purpose === 'maskable')).toBe(
      true,
    );
    for (const icon of manifest.icons as { src: string }[]) {
      expect((await page.request.get(icon.src)).ok(), icon.src).toBe(true);
    }
  });

  test('the landing page registers no service worker', async ({ page }) => {
    await page.goto('/landing');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForTimeout(500);
    const registrations = await page.evaluate(
      async () => (await navigator.serviceWorker.getRegistrations()).length,
    );
    expect(registrations).toBe(0);
  });

  test('a reload without network shows the app and what was saved, and signing out drops it', async ({
    authedPage: page,
    context,
    account,
    request,
  }) => {
    await apiAs(account, request).createNote('Read on the train', 'Saved for later');
    await page.goto('/note-history');
    await expect(page.getByText('Read on the train')).toBeVisible();
    // The signed-in app registers the worker; wait until it is active, and for the save.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.waitForTimeout(1_500);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByText('Read on the train')).toBeVisible();
    await expect(page.getByText(/Offline: showing what was saved at \d/)).toBeVisible();
    // Another screen of the app opens offline too (its chunk was precached).
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Settings' })
      .click();
    await expect(page).toHaveURL(/\/settings$/);
    await context.setOffline(false);
    await expect(page.getByText(/Offline: showing/)).toBeHidden();

    // Signing out drops the saved copy: nothing of it is left in IndexedDB.
    await page.goto('/logout');
    await expect(page).toHaveURL(/\/landing$/);
    const left = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open('prodify');
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('saved-queries')) return resolve(0);
            const count = db.transaction('saved-queries').objectStore('saved-queries').count();
            count.onsuccess = () => resolve(count.result);
          };
          open.onerror = () => resolve(-1);
        }),
    );
    expect(left).toBe(0);
  });
});
