import type { Page } from '@playwright/test';
import { expectAxeClean } from './axe';
import { type Account, apiAs, expect, PASSWORD, test, uniqueName } from './fixtures';

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Note creations the page sends. */
function countCreates(page: Page) {
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/notes/') sent.push(r.url());
  });
  return sent;
}

for (const { name, width, height } of VIEWPORTS) {
  test(`notes: a paste past the content limit is kept whole, counted, and not saved (${name})`, async ({
    authedPage: page,
  }) => {
    await page.setViewportSize({ width, height });
    const creates = countCreates(page);
    await page.goto('/note-history');
    await page.getByLabel('Title').fill('Long notes');
    const content = page.getByLabel('Content');
    await content.focus();
    await page.keyboard.insertText('a'.repeat(119_000));
    // Nothing cut: the whole paste is in the field, and the field says by how much it is over.
    expect(await content.evaluate((el: HTMLTextAreaElement) => el.value.length)).toBe(119_000);
    await expect(page.getByText('119,000 / 100,000 characters')).toBeVisible();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Too long by 19,000 characters' }),
    ).toBeVisible();
    await expect(content).toHaveAttribute('aria-invalid', 'true');
    await expectAxeClean(page, `a note over the limit (${name})`);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Note created!')).toHaveCount(0);
    expect(creates).toEqual([]);

    // Shortened to the limit, it saves, whole.
    await content.fill('a'.repeat(100_000));
    await expect(page.getByText('100,000 / 100,000 characters')).toBeVisible();
    await expect(page.getByText(/Too long by/)).toHaveCount(0);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Note created!' })).toBeVisible();
    expect(creates).toHaveLength(1);
  });
}

async function signIn(page: Page, account: { username: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
}

test('notes: a half-written new note is kept as a draft, per user, until it is saved', async ({
  page,
  account,
  request,
}) => {
  const other: Pick<Account, 'username' | 'password'> = {
    username: uniqueName('other'),
    password: PASSWORD,
  };
  const made = await request.post('/api/user/register/', { data: other });
  expect(made.status()).toBe(201);

  await signIn(page, account);
  await page.goto('/note-history');
  await page.getByLabel('Title').fill('Half a thought');
  await page.getByLabel('Content').fill('It began with');

  // Leaving the screen, and a reload, keep it.
  await page.getByRole('link', { name: 'To-Do List' }).click();
  await expect(page.getByRole('heading', { name: 'My To-Do List' })).toBeVisible();
  await page.goto('/note-history');
  await expect(page.getByLabel('Title')).toHaveValue('Half a thought');
  await expect(page.getByLabel('Content')).toHaveValue('It began with');
  await expect(page.getByText('Your unsaved draft was restored.')).toBeVisible();
  await expectAxeClean(page, 'a restored draft');
  await page.reload();
  await expect(page.getByLabel('Content')).toHaveValue('It began with');

  // Another user on the same browser never sees it.
  await signIn(page, other);
  await page.goto('/note-history');
  await expect(page.getByRole('heading', { name: 'Note History' })).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('');
  await expect(page.getByLabel('Content')).toHaveValue('');
  await expect(page.getByText('Your unsaved draft was restored.')).toHaveCount(0);

  // Back as the first user: there it is; saved, it goes.
  await signIn(page, account);
  await page.goto('/note-history');
  await expect(page.getByLabel('Content')).toHaveValue('It began with');
  await page.getByLabel('Content').fill('It began with a draft.');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Note created!' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Half a thought' })).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('');
  await expect(page.getByLabel('Content')).toHaveValue('');
  await expect(page.getByText('Your unsaved draft was restored.')).toHaveCount(0);
  const drafts = await page.evaluate(() =>
    Object.keys(localStorage).filter((k) => k.includes('draft')),
  );
  expect(drafts).toEqual([]);
});

for (const { name, width, height } of VIEWPORTS) {
  test(`notes: an open editor's text survives Escape and leaving, until saved or discarded (${name})`, async ({
    authedPage: page,
    account,
    request,
  }) => {
    await page.setViewportSize({ width, height });
    const note = await apiAs(account, request).createNote('Trip', 'Train at nine.');
    await page.goto(`/note-history/${note.id}`);
    await page.getByRole('button', { name: 'Edit note' }).click();
    const form = page.getByRole('form', { name: /^Edit note: / });
    await form.getByLabel('Content').fill('Train at ten, platform 4.');
    await page.keyboard.press('Escape');
    await expect(form).toHaveCount(0);

    // Away and back: the editor opens with the unsaved text, and says so.
    await page.goto('/note-history');
    const item = page.getByRole('region', { name: 'Your notes' }).getByRole('listitem');
    await item.getByRole('button', { name: 'Edit note' }).click();
    await expect(form.getByLabel('Content')).toHaveValue('Train at ten, platform 4.');
    await expect(form.getByText('Your unsaved draft was restored.')).toBeVisible();
    await expectAxeClean(page, `a note editor with a restored draft (${name})`);

    // Discard goes back to the saved text.
    await form.getByRole('button', { name: 'Discard draft' }).click();
    await expect(form.getByLabel('Content')).toHaveValue('Train at nine.');
    await form.getByLabel('Content').fill('Train at ten.');
    await form.getByLabel('Content').press('Control+Enter');
    await expect(form).toHaveCount(0);
    await expect(item.getByText('Train at ten.')).toBeVisible();

    // Saved: no draft any more.
    await page.reload();
    await item.getByRole('button', { name: 'Edit note' }).click();
    await expect(form.getByLabel('Content')).toHaveValue('Train at ten.');
    await expect(form.getByText('Your unsaved draft was restored.')).toHaveCount(0);
  });
}
