import { expectAxeClean } from './axe';
import { apiAs, expect, test } from './fixtures';

const MARKDOWN = [
  '# Trip plan',
  '',
  'Pack **light**, see [the map](https://example.com/map) or mail [me](mailto:me@example.com).',
  'Second line of the paragraph.',
  '',
  '## Checklist',
  '',
  '- [x] Passport',
  '- [ ] Tickets',
  '',
  '1. First',
  '2. Second',
  '',
  'Run `npm start` then:',
  '',
  '```',
  'const answer = 42;',
  '```',
  '',
  '| Day | Place |',
  '| :-- | ----: |',
  '| Mon | Rome |',
].join('\n');

const HOSTILE = [
  'Hostile <img src=x onerror="window.__pwned = 1"> picture',
  '',
  '[click me](javascript:window.__pwned=2)',
  '',
  '<script>window.__pwned = 3</script>',
  '',
  '[data link](data:text/html,<b>x</b>) and [relative](/settings) and <a href="https://evil.example" onclick="window.__pwned=4">raw a</a>',
  '',
  '![tracker](https://tracker.example/pixel.png)',
].join('\n');

test('notes: a preview with Show more in the list, the whole note as Markdown at /note-history/:id', async ({
  authedPage: page,
  account,
  request,
}) => {
  const api = apiAs(account, request);
  const short = await api.createNote('Short', 'Just one line.');
  const trip = await api.createNote('Trip', MARKDOWN);

  await page.goto('/note-history');
  const notes = page.getByRole('region', { name: 'Your notes' }).getByRole('listitem');
  const tripItem = notes.filter({ has: page.getByRole('heading', { name: 'Trip', exact: true }) });
  // The first lines only, rendered; then "Show more".
  await expect(tripItem.getByRole('heading', { name: 'Trip plan', level: 4 })).toBeVisible();
  await expect(tripItem.getByText('Passport')).toHaveCount(0);
  await expect(tripItem.getByRole('link', { name: 'Show more' })).toBeVisible();
  const shortItem = notes.filter({ hasText: 'Just one line.' });
  await expect(shortItem.getByRole('link', { name: 'Show more' })).toHaveCount(0);
  await expectAxeClean(page, 'notes list with previews');

  await tripItem.getByRole('link', { name: 'Show more' }).click();
  await expect(page).toHaveURL(new RegExp(`/note-history/${trip.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Trip' })).toBeVisible();
  await expect(page).toHaveTitle(/Trip/);

  const body = page.locator('.note-body');
  await expect(body.getByRole('heading', { level: 2, name: 'Trip plan' })).toBeVisible();
  await expect(body.getByRole('heading', { level: 3, name: 'Checklist' })).toBeVisible();
  await expect(body.locator('strong')).toHaveText('light');
  const map = body.getByRole('link', { name: 'the map' });
  await expect(map).toHaveAttribute('href', 'https://example.com/map');
  await expect(map).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  await expect(map).toHaveAttribute('target', '_blank');
  await expect(body.getByRole('link', { name: 'me' })).toHaveAttribute(
    'href',
    'mailto:me@example.com',
  );
  await expect(body.getByRole('checkbox', { name: 'Done' })).toBeChecked();
  await expect(body.getByRole('checkbox', { name: 'To do' })).not.toBeChecked();
  await expect(body.locator('ol > li')).toHaveText(['First', 'Second']);
  await expect(body.locator('p code')).toHaveText('npm start');
  await expect(body.locator('pre code')).toHaveText('const answer = 42;');
  await expect(body.getByRole('table')).toBeVisible();
  await expect(body.getByRole('cell', { name: 'Rome' })).toHaveClass('align-right');
  await expectAxeClean(page, 'note view');

  // Bookmarkable: a reload shows the same note; the summary shows there once made.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Trip' })).toBeVisible();
  await page.getByRole('button', { name: 'Summarize' }).click();
  await expect(page.getByText('Summary:')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Summary:')).toBeVisible();

  // Edit from the view.
  await page.getByRole('button', { name: 'Edit note' }).click();
  await page.getByLabel('Title').fill('Trip to Rome');
  await page.getByLabel('Title').press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Trip to Rome' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit note' })).toBeFocused();

  // Back to the list, and an id that does not exist.
  await page.getByRole('link', { name: 'All notes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Note History' })).toBeVisible();
  await page.goto(`/note-history/${short.id + 1000000}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Note not found' })).toBeVisible();
  await page.goto('/note-history/abc');
  await expect(page.getByRole('heading', { level: 1, name: 'Note not found' })).toBeVisible();
  await page.goto(`/note-history/${short.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Short' })).toBeVisible();
});

test('notes: a hostile note is rendered inert (no HTML, no script links, no remote images), under the CSP', async ({
  authedPage: page,
  account,
  request,
}) => {
  const note = await apiAs(account, request).createNote('Hostile', HOSTILE);
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const remote: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(new URL(page.url() || 'http://127.0.0.1').origin)) remote.push(r.url());
  });

  for (const path of ['/note-history', `/note-history/${note.id}`]) {
    await page.goto(path);
    const body = page.locator(path === '/note-history' ? '.note-content' : '.note-body');
    await expect(body.first()).toContainText('Hostile');
    // The HTML shows as the text it is; no element was made from it.
    await expect(body.first()).toContainText('<img src=x onerror="window.__pwned = 1">');
    await expect(body.locator('img, script, iframe, [onerror], [onclick]')).toHaveCount(0);
  }

  const body = page.locator('.note-body');
  await expect(body).toContainText('<script>window.__pwned = 3</script>');
  // javascript:, data: and relative links lose their target: only their text stays.
  for (const name of ['click me', 'data link', 'relative']) {
    await expect(body.getByRole('link', { name })).toHaveCount(0);
    await expect(body.getByText(name)).toBeVisible();
  }
  await expect(body.locator('a')).toHaveCount(1);
  // The picture is a link to it, not a request to its server.
  const picture = body.getByRole('link', { name: 'Image: tracker' });
  await expect(picture).toHaveAttribute('href', 'https://tracker.example/pixel.png');
  await expect(picture).toHaveAttribute('rel', 'noopener noreferrer nofollow');

  await body.getByText('click me').click();
  await body.getByText('raw a', { exact: false }).click();
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  expect(remote).toEqual([]);
  await expectAxeClean(page, 'hostile note view');
  // (The page fixture fails the test on any CSP violation or page error.)
});
