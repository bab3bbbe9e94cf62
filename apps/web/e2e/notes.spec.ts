import { apiAs, expect, test } from './fixtures';

test('notes: create, newest first, paginate past 10, summarize (kept on reload), delete', async ({
  authedPage: page,
  account,
  request,
}) => {
  // Ten older notes through the API; the eleventh through the form.
  const api = apiAs(account, request);
  for (let i = 1; i <= 10; i++) await api.createNote(`Older note ${i}`, `Body of note ${i}.`);

  await page.goto('/note-history');
  await expect(page.getByRole('heading', { level: 1, name: 'Note History' })).toBeVisible();
  await expect(page.getByText('Page 1 of 1')).toBeVisible();

  const content =
    'The quarterly planning meeting moved to Thursday. Maria will prepare the budget review. ' +
    'We agreed to ship the calendar sync before the holidays. Remember to book the big room.';
  await page.getByLabel('Title').fill('Planning');
  await page.getByLabel('Content').fill(content);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Note created!' })).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('');
  await expect(page.getByLabel('Content')).toHaveValue('');

  // Newest first, ten per page.
  const notes = page.getByRole('region', { name: 'Your notes' }).getByRole('listitem');
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await expect(notes).toHaveCount(10);
  await expect(notes.first().getByRole('heading')).toHaveText('Planning');
  await expect(notes.nth(1).getByRole('heading')).toHaveText('Older note 10');
  const today = new Date().toLocaleDateString('en-US');
  await expect(notes.first().getByText(today)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(page).toHaveURL(/page=2/);
  await expect(notes).toHaveCount(1);
  await expect(notes.first().getByRole('heading')).toHaveText('Older note 1');
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByText('Page 1 of 2')).toBeVisible();

  // Summarize, with a busy state while it runs.
  const planning = notes.filter({ has: page.getByRole('heading', { name: 'Planning' }) });
  await page.route('**/api/notes/*/summarize/', async (route) => {
    await new Promise((r) => setTimeout(r, 500));
    await route.continue();
  });
  await planning.getByRole('button', { name: 'Summarize' }).click();
  await expect(planning.getByRole('button', { name: 'Summarizing...' })).toHaveAttribute(
    'aria-busy',
    'true',
  );
  await expect(planning.getByText('Summary:')).toBeVisible();
  const summary = (await planning.locator('.summary p').textContent()) ?? '';
  expect(summary.length).toBeGreaterThan(10);

  // The summary is saved on the note: it is still there after a reload.
  await page.reload();
  await expect(planning.getByText('Summary:')).toBeVisible();
  await expect(planning.locator('.summary p')).toHaveText(summary);

  // Delete.
  await planning.getByRole('button', { name: 'Delete note' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Note deleted!' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Planning' })).toHaveCount(0);
  await expect(page.getByText('Page 1 of 1')).toBeVisible();
  await expect(notes).toHaveCount(10);
});

test('notes: deleting the only note of the last page shows the page before it', async ({
  authedPage: page,
  account,
  request,
}) => {
  const api = apiAs(account, request);
  for (let i = 1; i <= 11; i++) await api.createNote(`Note ${i}`, 'x');
  await page.goto('/note-history?page=2');
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await page.getByRole('button', { name: 'Delete note' }).click();
  await expect(page.getByText('Page 1 of 1')).toBeVisible();
  await expect(page).not.toHaveURL(/page=2/);
  await expect(page.getByRole('region', { name: 'Your notes' }).getByRole('listitem')).toHaveCount(
    10,
  );
});
