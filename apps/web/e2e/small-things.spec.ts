import { expectAxeClean } from './axe';
import { apiAs, expect, isoDate, scaled, test } from './fixtures';

test('lists: skeletons while the list loads, the form usable meanwhile', async ({
  authedPage: page,
}) => {
  // Axe runs while the list is held; on a loaded machine that alone takes seconds.
  test.setTimeout(scaled(60_000));
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname === '/api/notes/',
    async (route) => {
      if (route.request().method() === 'GET') await held;
      await route.fallback();
    },
  );
  await page.goto('/note-history');
  const list = page.getByRole('region', { name: 'Your notes' });
  await expect(list.getByRole('status').filter({ hasText: 'Loading...' })).toBeAttached();
  await expect(list.locator('.skeleton-item')).toHaveCount(3);
  await expect(page.getByLabel('Title')).toBeEditable();
  await expectAxeClean(page, 'notes loading');
  release();
  await expect(list.getByText('No notes yet. Write your first one.')).toBeVisible();
  await expect(list.locator('.skeleton-item')).toHaveCount(0);
});

test('to-dos: overdue and due-today tasks are marked in words; done ones are not', async ({
  authedPage: page,
  account,
  request,
}) => {
  const api = apiAs(account, request);
  const yesterday = new Date();
  yesterday.setDate(yesterday.getDate() - 1);
  await api.createTodo('Late report', isoDate(yesterday), 'H');
  await api.createTodo('Call mum', isoDate(new Date()), 'M');
  await api.createTodo('Far away', '2031-01-01', 'L');
  await page.goto('/todo');
  const items = page.getByRole('region', { name: 'Tasks' }).getByRole('listitem');
  await expect(items.filter({ hasText: 'Late report' })).toContainText('Overdue');
  await expect(items.filter({ hasText: 'Call mum' })).toContainText('Due today');
  await expect(items.filter({ hasText: 'Far away' })).not.toContainText(/Overdue|Due today/);
  await expectAxeClean(page, 'marked tasks');
  // Done: no longer overdue.
  await items.filter({ hasText: 'Late report' }).getByRole('checkbox').click();
  await expect(items.filter({ hasText: 'Late report' })).not.toContainText('Overdue');
});

test.describe('narrow screens', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the list comes first, the form one tap away; long titles wrap beside the buttons', async ({
    authedPage: page,
    account,
    request,
  }) => {
    const long = `A${'verylongword'.repeat(7)}`.slice(0, 100);
    await apiAs(account, request).createNote(long, 'Body.');
    await page.goto('/note-history');
    const list = page.getByRole('region', { name: 'Your notes' });
    const form = page.getByRole('region', { name: 'New note' });
    await expect(list.getByRole('heading', { name: long })).toBeVisible();
    const listBox = await list.boundingBox();
    const formBox = await form.boundingBox();
    expect(listBox && formBox && listBox.y < formBox.y).toBe(true);

    // The title wraps; its buttons stay on its first line, inside the screen.
    const title = await list.getByRole('heading', { name: long }).boundingBox();
    const remove = await list.getByRole('button', { name: 'Delete note' }).boundingBox();
    expect(title && remove).toBeTruthy();
    if (title && remove) {
      expect(title.height).toBeGreaterThan(40);
      expect(remove.y).toBeLessThan(title.y + 20);
      expect(remove.x + remove.width).toBeLessThanOrEqual(360);
    }

    await page.getByRole('button', { name: 'New note' }).click();
    await expect(page.getByLabel('Title')).toBeFocused();
    await expectAxeClean(page, 'notes, narrow');

    await page.goto('/todo');
    await page.getByRole('button', { name: 'New task' }).click();
    await expect(page.getByLabel('Task', { exact: true })).toBeFocused();
  });
});

test('calendar: the selected day stays readable on hover', async ({ authedPage: page }) => {
  await page.goto('/calendar');
  const selected = page.locator('.rdp-selected .rdp-day_button');
  await selected.hover();
  const contrast = await selected.evaluate((el) => {
    const style = getComputedStyle(el);
    const rgb = (c: string) => (c.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
    const lum = (c: string) => {
      const [r, g, b] = rgb(c).map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
    };
    const [a, b] = [lum(style.color), lum(style.backgroundColor)].sort((x, y) => y - x);
    return ((a ?? 0) + 0.05) / ((b ?? 0) + 0.05);
  });
  expect(contrast).toBeGreaterThanOrEqual(4.5);
});
