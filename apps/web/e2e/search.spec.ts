import { expectAxeClean } from './axe';
import { apiAs, expect, scaled, test } from './fixtures';

test('notes: search box (/ focuses it), debounced, matches marked, query in the URL, no match', async ({
  authedPage: page,
  account,
  request,
}) => {
  test.setTimeout(scaled(60_000));
  const api = apiAs(account, request);
  await api.createNote('Café meeting', 'Budget review with Maria on Thursday.');
  await api.createNote('Groceries', 'Oat milk, apples, coffee beans for the café.');
  await api.createNote('Holidays', 'Book the train to Rome.');

  await page.goto('/note-history');
  const notes = page.getByRole('region', { name: 'Your notes' }).getByRole('listitem');
  await expect(notes).toHaveCount(3);

  // '/' from anywhere on the screen puts the focus in the search box.
  await page.locator('body').press('/');
  const box = page.getByRole('searchbox', { name: 'Search notes' });
  await expect(box).toBeFocused();
  await expect(box).toHaveValue('');

  // Typing sends one search, once it stops (debounced).
  const searches: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/notes/' && url.searchParams.has('search')) {
      searches.push(url.searchParams.get('search') ?? '');
    }
  });
  await box.pressSequentially('cafe', { delay: 40 });
  await expect(page).toHaveURL(/search=cafe/);
  await expect(notes).toHaveCount(2);
  expect(searches).toEqual(['cafe']);
  // Title hits first; the matches (accent-insensitive) are marked.
  await expect(notes.first().getByRole('heading')).toHaveText('Café meeting');
  await expect(notes.first().locator('mark')).toHaveText(['Café']);
  await expect(notes.nth(1).locator('mark')).toHaveText(['café']);
  await expectAxeClean(page, 'search results');

  // Every word must match.
  await box.fill('cafe budget');
  await expect(notes).toHaveCount(1);
  await expect(notes.first().locator('mark')).toHaveText(['Café', 'Budget']);

  // The query lives in the URL: a reload keeps it.
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search notes' })).toHaveValue('cafe budget');
  await expect(notes).toHaveCount(1);

  await page.getByRole('searchbox', { name: 'Search notes' }).fill('zebra');
  await expect(page.getByText('No notes match “zebra”.')).toBeVisible();
  await expectAxeClean(page, 'no match');

  // Escape clears the search: every note again.
  await page.getByRole('searchbox', { name: 'Search notes' }).press('Escape');
  await expect(notes).toHaveCount(3);
  await expect(page).not.toHaveURL(/search=/);

  // '/' in a text field types a slash.
  await page.getByLabel('Title').first().press('/');
  await expect(page.getByLabel('Title').first()).toHaveValue('/');
});

test('to-dos: all/open/done filter and a sort choice, in the URL; done tasks below open ones', async ({
  authedPage: page,
  account,
  request,
}) => {
  const api = apiAs(account, request);
  await api.createTodo('Alpha', '2030-01-01', 'L');
  const beta = await api.createTodo('Beta', '2029-06-01', 'H');
  await api.createTodo('Gamma', null, 'H');
  const done = await request.patch(`/api/todos/${beta.id}/`, {
    headers: { authorization: `Bearer ${account.access}` },
    data: { completed: true },
  });
  expect(done.status()).toBe(200);

  await page.goto('/todo');
  const items = page.getByRole('region', { name: 'Tasks' }).getByRole('listitem');
  const tasks = items.locator('.todo-task');
  // Due date order, but the done task below the open ones.
  await expect(tasks).toHaveText(['Alpha', 'Gamma', 'Beta']);
  await expectAxeClean(page, 'to-do filters');

  await page.getByRole('radio', { name: 'Open' }).check();
  await expect(page).toHaveURL(/show=open/);
  await expect(tasks).toHaveText(['Alpha', 'Gamma']);
  await page.getByRole('radio', { name: 'Done' }).check();
  await expect(tasks).toHaveText(['Beta']);
  await page.getByRole('radio', { name: 'All' }).check();
  await expect(tasks).toHaveText(['Alpha', 'Gamma', 'Beta']);

  await page.getByLabel('Sort by').selectOption({ label: 'Priority, high first' });
  await expect(page).toHaveURL(/sort=-priority/);
  await expect(tasks).toHaveText(['Gamma', 'Alpha', 'Beta']);

  // With the keyboard: arrows move between the filters.
  await page.getByRole('radio', { name: 'All' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Open' })).toBeChecked();
  await expect(tasks).toHaveText(['Gamma', 'Alpha']);

  await page.reload();
  await expect(page.getByRole('radio', { name: 'Open' })).toBeChecked();
  await expect(page.getByLabel('Sort by')).toHaveValue('-priority');
  await expect(tasks).toHaveText(['Gamma', 'Alpha']);
  await page.getByRole('radio', { name: 'Done' }).check();
  await page.getByRole('radio', { name: 'Done' }).check();
  await page.goto('/todo?show=done&sort=nonsense');
  await expect(tasks).toHaveText(['Beta']);
  await expect(page.getByLabel('Sort by')).toHaveValue('due_date');
});

test('to-dos: search box (/ focuses it), with the filters, marked, in the URL, no match', async ({
  authedPage: page,
  account,
  request,
}) => {
  const api = apiAs(account, request);
  await api.createTodo('Buy oat milk', '2030-01-01', 'L');
  const done = await api.createTodo('Call the café about MILK', null, 'H');
  await api.createTodo('Book the train', null, 'M');
  const patched = await request.patch(`/api/todos/${done.id}/`, {
    headers: { authorization: `Bearer ${account.access}` },
    data: { completed: true },
  });
  expect(patched.status()).toBe(200);

  await page.goto('/todo');
  const items = page.getByRole('region', { name: 'Tasks' }).getByRole('listitem');
  const tasks = items.locator('.todo-task');
  await expect(tasks).toHaveCount(3);

  await page.locator('body').press('/');
  const box = page.getByRole('searchbox', { name: 'Search tasks' });
  await expect(box).toBeFocused();
  await box.pressSequentially('milk', { delay: 40 });
  await expect(page).toHaveURL(/search=milk/);
  // The open match above the done one; the words found are marked.
  await expect(tasks).toHaveText(['Buy oat milk', 'Call the café about MILK']);
  await expect(tasks.locator('mark')).toHaveText(['milk', 'MILK']);
  await expectAxeClean(page, 'to-do search');

  // With the filters, kept in the URL over a reload; every word must match.
  await page.getByRole('radio', { name: 'Done' }).check();
  await expect(tasks).toHaveText(['Call the café about MILK']);
  await expect(page).toHaveURL(/show=done/);
  await expect(page).toHaveURL(/search=milk/);
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search tasks' })).toHaveValue('milk');
  await expect(tasks).toHaveText(['Call the café about MILK']);
  await page.getByRole('radio', { name: 'All' }).check();
  await page.getByRole('searchbox', { name: 'Search tasks' }).fill('cafe milk');
  await expect(tasks).toHaveText(['Call the café about MILK']);

  await page.getByRole('searchbox', { name: 'Search tasks' }).fill('zebra');
  await expect(page.getByText('No tasks match “zebra”.')).toBeVisible();
  await expectAxeClean(page, 'to-do search, no match');

  // A new task clears the search, so it shows.
  await page.getByLabel('Task', { exact: true }).fill('Water the plants');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).not.toHaveURL(/search=/);
  await expect(tasks).toHaveCount(4);

  // Escape in the box clears a search.
  await page.getByRole('searchbox', { name: 'Search tasks' }).fill('train');
  await expect(tasks).toHaveText(['Book the train']);
  await page.getByRole('searchbox', { name: 'Search tasks' }).press('Escape');
  await expect(tasks).toHaveCount(4);
});
