import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import ICAL from 'ical.js';
import {
  type Account,
  apiAs,
  expect,
  PASSWORD,
  scaled,
  storeTokens,
  test,
  uniqueName,
} from './fixtures';

/*
 * Settings → "Your data" against the real API: downloads, imports through the file picker, the
 * calendar feed read by a plain HTTP client (no bearer token, like a calendar app).
 */

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function newAccount(request: APIRequestContext): Promise<Account> {
  const username = uniqueName('imp');
  const registered = await request.post('/api/user/register/', {
    data: { username, password: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  const login = await request.post('/api/token/', { data: { username, password: PASSWORD } });
  const { access, refresh } = (await login.json()) as { access: string; refresh: string };
  return { username, password: PASSWORD, access, refresh };
}

function yourData(page: Page) {
  return page.getByRole('region', { name: 'Your data' });
}

/** Clicks an export button and answers the downloaded file's name and text. */
async function download(page: Page, button: string) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    yourData(page).getByRole('button', { name: button }).click(),
  ]);
  // Saved under the server's name: the picker routes a file by its extension.
  const name = file.suggestedFilename();
  const path = test.info().outputPath(name);
  await file.saveAs(path);
  return { name, path, bytes: await readFile(path) };
}

async function importFile(
  page: Page,
  file: string | { name: string; mimeType: string; buffer: Buffer },
) {
  const region = yourData(page);
  await region.getByLabel('File to import').setInputFiles(file);
  await region.getByRole('button', { name: 'Import', exact: true }).click();
}

/** A prodify export from another account with `count` notes of 2 KB, a second apart. */
function exportOfNotes(count: number): Buffer {
  const notes = Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    title: `Imported note ${i + 1}`,
    content: 'x'.repeat(2000),
    created_at: new Date(Date.UTC(2026, 0, 2) + i * 1000).toISOString().replace('.000Z', 'Z'),
  }));
  return Buffer.from(
    JSON.stringify({
      format: 'prodify-export',
      version: 1,
      exported_at: '2026-01-02T03:04:05Z',
      username: 'elsewhere',
      notes,
      todos: [],
      events: [],
    }),
  );
}

async function axeSerious(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('export JSON and Markdown; re-import the JSON into a new account and see the items', async ({
  authedPage: page,
  account,
  request,
}) => {
  test.setTimeout(scaled(60_000));
  const api = apiAs(account, request);
  await api.createNote('Quarterly plan', 'Budget review on Thursday.');
  await api.createTodo('File taxes', '2031-04-15', 'H');
  await api.createEvent('Dentist', '2031-05-02', '09:30:00');

  await page.goto('/settings');
  await expect(yourData(page).getByRole('heading', { name: 'Your data' })).toBeVisible();

  const json = await download(page, 'Export everything (JSON)');
  expect(json.name).toMatch(/^prodify-.*\.json$/);
  const doc = JSON.parse(json.bytes.toString('utf8'));
  expect(doc).toMatchObject({ format: 'prodify-export', version: 1, username: account.username });
  expect(doc.notes.map((n: { title: string }) => n.title)).toEqual(['Quarterly plan']);
  expect(doc.todos.map((t: { task: string }) => t.task)).toEqual(['File taxes']);
  expect(doc.events.map((e: { title: string }) => e.title)).toEqual(['Dentist']);
  await expect(
    page.getByRole('status').filter({ hasText: `Downloaded ${json.name}.` }),
  ).toBeVisible();

  const zip = await download(page, 'Export notes (Markdown)');
  expect(zip.name).toMatch(/\.zip$/);
  expect(zip.bytes.subarray(0, 2).toString('latin1')).toBe('PK');

  // A second account, signed in on the same page: its Settings screen imports the file.
  const other = await newAccount(request);
  await storeTokens(page, other);
  await page.goto('/note-history');
  await expect(page.getByText('No notes yet. Write your first one.')).toBeVisible();
  await page.getByRole('link', { name: 'Settings' }).click();
  await importFile(page, json.path);
  const result = yourData(page).getByRole('status');
  await expect(result).toHaveText('Imported 1 note, 1 task, 1 event.');

  // The lists show the items without a reload: the cached (empty) notes page was invalidated.
  await page.getByRole('link', { name: 'Note Taking' }).click();
  await expect(page.getByRole('heading', { name: 'Quarterly plan' })).toBeVisible();
  await page.getByRole('link', { name: 'To-Do List' }).click();
  await expect(page.getByText('File taxes')).toBeVisible();

  // The same file again: nothing is duplicated. Then the zip of Markdown notes: its front
  // matter carries the note's id, so the copy is recognised too (issue 19, defect 7).
  await page.getByRole('link', { name: 'Settings' }).click();
  await importFile(page, json.path);
  await expect(result).toHaveText('Nothing new to import; skipped 3 duplicates.');
  await yourData(page).getByText('Why items were skipped').click();
  await expect(yourData(page).locator('.import-reasons li')).toHaveCount(3);
  await importFile(page, zip.path);
  await expect(result).toHaveText('Nothing new to import; skipped 1 duplicate.');
});

test('import a Markdown note by keyboard; a refused file shows the server message in a toast', async ({
  authedPage: page,
}) => {
  await page.goto('/settings');
  const region = yourData(page);
  const picker = region.getByLabel('File to import');
  await picker.setInputFiles({
    name: 'groceries.md',
    mimeType: '',
    buffer: Buffer.from('Oat milk, apples, basil.\n'),
  });
  // Tab from the picker to the Import button, and Enter.
  await picker.focus();
  await page.keyboard.press('Tab');
  await expect(region.getByRole('button', { name: 'Import', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(region.getByRole('status')).toHaveText('Imported 1 note.');
  await page.getByRole('link', { name: 'Note Taking' }).click();
  // No front matter title and no heading: the file's name is the title.
  await expect(page.getByRole('heading', { name: 'groceries' })).toBeVisible();

  await page.getByRole('link', { name: 'Settings' }).click();
  await importFile(page, {
    name: 'export.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ format: 'something-else', version: 1 })),
  });
  const toast = page.getByRole('region', { name: 'Notifications' }).getByRole('status');
  await expect(toast).toContainText('Expected "prodify-export".');
  await expect(region.getByRole('status')).toHaveText('');

  // Not a file this screen imports: said at the field, nothing is sent.
  await importFile(page, { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('x') });
  await expect(region.getByText('Choose a .json, .zip, .md or .ics file.')).toBeVisible();
  expect(await axeSerious(page)).toEqual([]);
});

test('a large import shows its progress: bytes sent, then the server at work', async ({
  authedPage: page,
}) => {
  test.setTimeout(scaled(90_000));
  // About 8 MB: 4,000 notes of 2 KB.
  const buffer = exportOfNotes(4000);
  await page.goto('/settings');
  const region = yourData(page);
  // Every text the progress line shows, recorded as the page changes it.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    new MutationObserver(() => {
      const bar = document.querySelector('.import-progress progress');
      const text = document.querySelector('.import-progress p')?.textContent;
      if (bar && text) seen.push(`${text} [${bar.getAttribute('value') ?? 'indeterminate'}]`);
    }).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
  });
  await importFile(page, { name: 'big.json', mimeType: 'application/json', buffer });
  const bar = region.getByRole('progressbar', { name: 'Importing big.json…' });
  await expect(bar).toBeVisible();
  expect(await bar.getAttribute('value')).toBeNull();
  await expect(region.getByRole('status')).toHaveText('Imported 4000 notes.', {
    timeout: scaled(60_000),
  });
  await expect(region.getByRole('progressbar')).toHaveCount(0);
  const seen = await page.evaluate(
    () => (window as unknown as { progressSeen: string[] }).progressSeen,
  );
  expect(seen[0]).toMatch(/^Uploading big\.json: 0 bytes of \d\.\d MB \[0\]$/);
  expect(seen.at(-1)).toBe('Importing big.json… [indeterminate]');
});

function parseIcs(text: string) {
  return new ICAL.Component(ICAL.parse(text) as unknown[]);
}

test('export the calendar as ICS and import it into a new account; other parts are skipped with reasons', async ({
  authedPage: page,
  account,
  request,
}) => {
  test.setTimeout(scaled(60_000));
  const api = apiAs(account, request);
  await api.createEvent('Dentist', '2031-05-02', '09:30:00');
  await api.createTodo('File taxes', '2031-04-15', 'H');
  await page.goto('/settings');
  const ics = await download(page, 'Export calendar (ICS)');
  expect(ics.name).toMatch(/\.ics$/);
  const cal = parseIcs(ics.bytes.toString('utf8'));
  expect(cal.getAllSubcomponents('vevent').map((e) => e.getFirstPropertyValue('summary'))).toEqual([
    'Dentist',
  ]);

  const other = await newAccount(request);
  await storeTokens(page, other);
  await page.goto('/settings');
  await importFile(page, ics.path);
  const result = yourData(page).getByRole('status');
  await expect(result).toHaveText('Imported 1 task, 1 event.');
  await page.getByRole('link', { name: 'To-Do List' }).click();
  await expect(page.getByText('File taxes')).toBeVisible();

  // A journal entry is not an event or a to-do: counted and explained.
  await page.getByRole('link', { name: 'Settings' }).click();
  const journal = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//EN',
    'BEGIN:VJOURNAL',
    'UID:j1@test',
    'DTSTAMP:20260101T000000Z',
    'SUMMARY:Diary',
    'END:VJOURNAL',
    'BEGIN:VEVENT',
    'UID:e1@test',
    'DTSTAMP:20260101T000000Z',
    'DTSTART;VALUE=DATE:20310601',
    'SUMMARY:Picnic',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
  await importFile(page, {
    name: 'mixed.ics',
    mimeType: 'text/calendar',
    buffer: Buffer.from(journal),
  });
  await expect(result).toHaveText('Imported 1 event; skipped 1 other item.');
  await yourData(page).getByText('Why items were skipped').click();
  await expect(yourData(page).locator('.import-reasons li')).toHaveText([/VJOURNAL/]);

  // A file the parser refuses: the server's reason in a toast, nothing imported.
  const [refused] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/calendar/import/')),
    importFile(page, {
      name: 'broken.ics',
      mimeType: 'text/calendar',
      buffer: Buffer.from('BEGIN:VCALENDAR\r\nnonsense'),
    }),
  ]);
  expect(refused.status()).toBe(400);
  const reason = Object.values((await refused.json()) as Record<string, string[]>).flat()[0] ?? '';
  expect(reason).not.toBe('');
  await expect(
    page.getByRole('region', { name: 'Notifications' }).getByRole('status'),
  ).toContainText(reason);
  await expect(result).toHaveText('');
});

test('calendar feed: create by keyboard, copy, read it without a token, rotate (old URL 404), turn off', async ({
  authedPage: page,
  account,
  request,
  context,
}) => {
  test.setTimeout(scaled(60_000));
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const api = apiAs(account, request);
  await api.createEvent('Dentist', '2031-05-02', '09:30:00');
  await api.createTodo('File taxes', '2031-04-15', 'H');

  await page.goto('/settings');
  const feed = yourData(page).getByRole('region', { name: 'Calendar subscription' });
  await expect(feed.getByText('Anyone who has the URL can read your calendar')).toBeVisible();
  await expect(feed.getByText('Your calendar has no feed.')).toBeVisible();
  await feed.getByRole('button', { name: 'Create feed URL' }).focus();
  await page.keyboard.press('Enter');

  // The new URL has the focus, described by the warning.
  const field = feed.getByLabel('Feed URL');
  await expect(field).toBeFocused();
  await expect(field).toHaveAccessibleDescription(/Anyone who has the URL can read your calendar/);
  const first = await field.inputValue();
  expect(first).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/calendar\/feed\/[\w-]{22,64}\.ics$/);

  await feed.getByRole('button', { name: 'Copy URL' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Feed URL copied.' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);

  // A calendar app's view: a plain GET, no Authorization header.
  const read = await request.get(first);
  expect(read.status()).toBe(200);
  expect(read.headers()['content-type']).toMatch(/^text\/calendar/);
  const cal = parseIcs(await read.text());
  const [event] = cal.getAllSubcomponents('vevent');
  expect(event?.getFirstPropertyValue('summary')).toBe('Dentist');
  expect(String(event?.getFirstPropertyValue('dtstart'))).toBe('2031-05-02T09:30:00');
  const [todo] = cal.getAllSubcomponents('vtodo');
  expect(todo?.getFirstPropertyValue('summary')).toBe('File taxes');
  expect(String(todo?.getFirstPropertyValue('due'))).toBe('2031-04-15');

  // Rotate: asked first (issue 19); then a new URL, and the old one is dead at once.
  await feed.getByRole('button', { name: 'Rotate URL' }).click();
  await feed
    .getByRole('group', { name: /^Rotate the feed URL\?/ })
    .getByRole('button', { name: 'Make a new URL' })
    .click();
  await expect(
    page.getByRole('status').filter({ hasText: 'The old one no longer works.' }),
  ).toBeVisible();
  await expect(field).not.toHaveValue(first);
  const second = await field.inputValue();
  expect((await request.get(first)).status()).toBe(404);
  expect((await request.get(second)).status()).toBe(200);

  // After a reload the URL is not shown again (only its hash is kept), but the feed is on.
  await page.reload();
  await expect(feed.getByText('Your feed is on.')).toBeVisible();
  await expect(feed.getByLabel('Feed URL')).toHaveCount(0);
  expect(await axeSerious(page)).toEqual([]);

  // Turning off asks first; "Keep it on" has the focus and changes nothing.
  await feed.getByRole('button', { name: 'Turn off', exact: true }).click();
  const confirm = feed.getByRole('group', { name: /^Turn off the feed\?/ });
  await expect(confirm.getByRole('button', { name: 'Keep it on' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirm).toHaveCount(0);
  await expect(feed.getByRole('button', { name: 'Turn off', exact: true })).toBeFocused();
  expect((await request.get(second)).status()).toBe(200);
  await page.keyboard.press('Enter');
  await expect(confirm).toBeVisible();
  expect(await axeSerious(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Turn off feed' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Calendar feed turned off.' }),
  ).toBeVisible();
  await expect(feed.getByRole('button', { name: 'Create feed URL' })).toBeFocused();
  expect((await request.get(second)).status()).toBe(404);
  await page.reload();
  await expect(feed.getByText('Your calendar has no feed.')).toBeVisible();
});

test('a slow upload shows its percentage and can be cancelled', async ({ authedPage: page }) => {
  test.setTimeout(scaled(60_000));
  // Chromium's own network emulation: 256 KB/s up, so 4 MB take about 16 s.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 256 * 1024,
  });
  await page.goto('/settings');
  const region = yourData(page);
  // About 4 MB: a document the server would import in full if it arrived.
  await importFile(page, { name: 'slow.json', mimeType: '', buffer: exportOfNotes(2000) });
  const bar = region.getByRole('progressbar', { name: /^Uploading slow\.json: .+ of 4\.0 MB$/ });
  await expect(bar).toHaveAttribute('value', /^([1-9]|[1-9]\d)$/, { timeout: scaled(15_000) });
  const failed = page.waitForEvent('requestfailed', (r) => r.url().includes('/api/import/'));
  await region.getByRole('button', { name: 'Cancel upload' }).click();
  // The request itself is aborted (the server never gets the whole document).
  expect((await failed).failure()?.errorText).toBe('net::ERR_ABORTED');
  await expect(page.getByRole('status').filter({ hasText: 'Upload cancelled.' })).toBeVisible();
  await expect(region.getByRole('progressbar')).toHaveCount(0);
  await expect(region.getByLabel('File to import')).toBeFocused();
});
