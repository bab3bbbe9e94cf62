import { expect, test } from './fixtures';

// The spec's five, and the trash (issue 19).
const ENTRIES = ['Home', 'Note Taking', 'To-Do List', 'Calendar', 'Settings', 'Trash'];

test.describe('navigation menu', () => {
  test('a sidebar with the six entries on wide screens', async ({ authedPage: page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(ENTRIES);
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
    await nav.getByRole('link', { name: 'Calendar' }).click();
    await expect(page).toHaveURL(/\/calendar$/);
    await expect(nav.getByRole('link', { name: 'Calendar' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test.describe('at 375 px', () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test('collapses behind a "Menu" toggle', async ({ authedPage: page }) => {
      await page.goto('/note-history');
      const menu = page.getByRole('button', { name: 'Menu' });
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(menu).toBeVisible();
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
      await expect(nav.getByRole('link', { name: 'To-Do List' })).toBeHidden();

      await menu.click();
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      await expect(nav.getByRole('link')).toHaveText(ENTRIES);
      await nav.getByRole('link', { name: 'To-Do List' }).click();
      await expect(page).toHaveURL(/\/todo$/);
      // Picking a destination closes the menu.
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
      await expect(nav.getByRole('link', { name: 'Settings' })).toBeHidden();

      // With the keyboard alone.
      await menu.focus();
      await page.keyboard.press('Enter');
      await expect(nav.getByRole('link', { name: 'Settings' })).toBeVisible();
      await page.keyboard.press('Enter');
      await expect(nav.getByRole('link', { name: 'Settings' })).toBeHidden();

      // Escape closes it too, from inside the menu, and the focus goes back to the toggle.
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      await expect(nav.getByRole('link', { name: 'Home' })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
      await expect(nav.getByRole('link', { name: 'Settings' })).toBeHidden();
      await expect(menu).toBeFocused();

      // Nothing is wider than the screen.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });
});
