import { expectAxeClean } from './axe';
import { apiAs, expect, isoDate, longDate, test } from './fixtures';

const PHONE = { width: 390, height: 844 };

test('details: the day panel writes its date out in the browser locale, not as ISO', async ({
  authedPage: page,
}) => {
  const today = isoDate(new Date());
  await page.goto('/calendar');
  await expect(page.getByRole('heading', { name: `Events on ${longDate(today)}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Events on ${today}` })).toHaveCount(0);
});

test.describe('in a British browser', () => {
  test.use({ locale: 'en-GB' });
  test('details: due dates and the trash in the British short form', async ({
    authedPage: page,
    account,
    request,
  }) => {
    const api = apiAs(account, request);
    await api.createTodo('Dentist bill', '2030-01-15', 'M');
    const note = await api.createNote('Old', 'x');
    await request.delete(`/api/notes/delete/${note.id}/`, {
      headers: { authorization: `Bearer ${account.access}` },
    });
    await page.goto('/todo');
    await expect(page.getByText('Due: 15/01/2030')).toBeVisible();
    await page.goto('/trash');
    const today = new Intl.DateTimeFormat('en-GB').format(new Date());
    await expect(page.getByText(`Deleted ${today}`)).toBeVisible();
  });

  test('details: "Events on Friday, 27 November 2026" style', async ({ authedPage: page }) => {
    const now = new Date();
    const british = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full' }).format(now);
    expect(british).toMatch(/^\w+, \d{1,2} \w+ \d{4}$/);
    await page.goto('/calendar');
    await expect(page.getByRole('heading', { name: `Events on ${british}` })).toBeVisible();
  });
});

test("details: priorities in words beside the spec's code", async ({
  authedPage: page,
  account,
  request,
}) => {
  const api = apiAs(account, request);
  await api.createTodo('Pay rent', null, 'H');
  await api.createTodo('Water plants', null, 'L');
  await page.goto('/todo');
  const tasks = page.getByRole('region', { name: 'Tasks' }).getByRole('listitem');
  await expect(tasks.filter({ hasText: 'Pay rent' })).toContainText('Priority: H (High)');
  await expect(tasks.filter({ hasText: 'Water plants' })).toContainText('Priority: L (Low)');
});

test('details: rotating the feed URL asks first; "Keep this URL" keeps it', async ({
  authedPage: page,
}) => {
  await page.goto('/settings');
  const feed = page
    .getByRole('region', { name: 'Your data' })
    .getByRole('region', { name: 'Calendar subscription' });
  await feed.getByRole('button', { name: 'Create feed URL' }).click();
  const field = feed.getByLabel('Feed URL');
  await expect(field).toHaveValue(/\.ics$/);
  const first = await field.inputValue();

  await feed.getByRole('button', { name: 'Rotate URL' }).click();
  const question = feed.getByRole('group', { name: /^Rotate the feed URL\?/ });
  await expect(question).toBeVisible();
  await expect(question.getByRole('button', { name: 'Keep this URL' })).toBeFocused();
  await expectAxeClean(page, 'rotate the feed: the question');
  await question.getByRole('button', { name: 'Keep this URL' }).click();
  await expect(question).toHaveCount(0);
  await expect(feed.getByRole('button', { name: 'Rotate URL' })).toBeFocused();
  await expect(field).toHaveValue(first);

  await feed.getByRole('button', { name: 'Rotate URL' }).click();
  await question.getByRole('button', { name: 'Make a new URL' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'The old one no longer works.' }),
  ).toBeVisible();
  await expect(field).not.toHaveValue(first);
});

test('details: Hebrew and Arabic text reads right to left, English left to right', async ({
  authedPage: page,
  account,
  request,
}) => {
  const api = apiAs(account, request);
  const note = await api.createNote(
    'שלום עולם',
    'مرحبا بالعالم، هذه فقرة عربية.\n\nAn English paragraph after it.',
  );
  await api.createTodo('לקנות חלב', null, 'M');
  await api.createEvent('اجتماع الفريق', isoDate(new Date()), '10:00');
  const direction = (locator: import('@playwright/test').Locator) =>
    locator.evaluate((el) => getComputedStyle(el).direction);

  await page.goto(`/note-history/${note.id}`);
  await expect(direction(page.getByRole('heading', { level: 1, name: 'שלום עולם' }))).resolves.toBe(
    'rtl',
  );
  await expect(direction(page.getByText('مرحبا بالعالم'))).resolves.toBe('rtl');
  await expect(direction(page.getByText('An English paragraph after it.'))).resolves.toBe('ltr');

  await page.goto('/note-history');
  await expect(direction(page.getByRole('heading', { name: 'שלום עולם' }))).resolves.toBe('rtl');
  await page.goto('/todo');
  await expect(direction(page.getByText('לקנות חלב'))).resolves.toBe('rtl');
  await page.goto('/calendar');
  await expect(
    direction(page.getByRole('region', { name: /^Events on / }).getByText('اجتماع الفريق')),
  ).resolves.toBe('rtl');
});

for (const width of [390, 560, 768, 1024, 1280]) {
  test(`details: the trash's Restore and Delete forever sit together (${width} px)`, async ({
    authedPage: page,
    account,
    request,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const note = await apiAs(account, request).createNote(
      'A note with a fairly long title to fill the row',
      'x',
    );
    const gone = await request.delete(`/api/notes/delete/${note.id}/`, {
      headers: { authorization: `Bearer ${account.access}` },
    });
    expect(gone.status()).toBe(204);
    await page.goto('/trash');
    const item = page.getByRole('region', { name: 'Deleted items' }).getByRole('listitem');
    const restore = await item.getByRole('button', { name: 'Restore' }).boundingBox();
    const forever = await item.getByRole('button', { name: 'Delete forever' }).boundingBox();
    if (!restore || !forever) throw new Error('both buttons are shown');
    // Side by side on one row, or (too narrow for both) one right under the other: never
    // with the title or a row of space between them.
    const sideBySide =
      Math.abs(restore.y - forever.y) < 2 && forever.x - (restore.x + restore.width) <= 16;
    const stacked =
      Math.abs(restore.x - forever.x) < 2 && forever.y - (restore.y + restore.height) <= 16;
    expect({ sideBySide, stacked }, JSON.stringify({ restore, forever })).not.toEqual({
      sideBySide: false,
      stacked: false,
    });
  });
}

test('details: the trash is in the main menu, on a wide screen and behind the phone toggle', async ({
  authedPage: page,
}) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Trash' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Trash' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Trash' })).toHaveAttribute('aria-current', 'page');

  await page.setViewportSize(PHONE);
  await page.goto('/');
  await page.getByRole('button', { name: 'Menu' }).click();
  await nav.getByRole('link', { name: 'Trash' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Trash' })).toBeVisible();
  await expectAxeClean(page, 'trash from the phone menu');
});
