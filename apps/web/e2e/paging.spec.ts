import type { Page, Response } from '@playwright/test';
import { apiAs, expect, test } from './fixtures';

/** The list routes of notes and to-dos (not one note, not a summary). */
const LIST = /^\/api\/(notes|todos)\/?$/;

/** Every GET of a notes or to-dos list the page makes, with the body the API answered. */
function watchLists(page: Page) {
  const answers: Promise<{ url: URL; body: unknown }>[] = [];
  page.on('response', (res: Response) => {
    const url = new URL(res.url());
    if (res.request().method() !== 'GET' || !LIST.test(url.pathname)) return;
    answers.push(res.json().then((body: unknown) => ({ url, body })));
  });
  return () => Promise.all(answers);
}

test('lists: the notes and to-do screens fetch one page at a time, never the whole list', async ({
  authedPage: page,
  account,
  request,
}) => {
  // 35 of each: four pages. A screen that fetched the whole list would ask without ?page=.
  const api = apiAs(account, request);
  await Promise.all(
    Array.from({ length: 35 }, (_, i) =>
      Promise.all([
        api.createNote(`Seeded note ${i + 1}`, `Body ${i + 1}.`),
        api.createTodo(`Seeded task ${i + 1}`, i % 3 === 0 ? null : '2030-01-15'),
      ]),
    ),
  );
  const lists = watchLists(page);

  // Notes: the first page, the next, the last by URL, and a reload after a create.
  await page.goto('/note-history');
  await expect(page.getByText('Page 1 of 4')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 4')).toBeVisible();
  await page.goto('/note-history?page=4');
  await expect(page.getByText('Page 4 of 4')).toBeVisible();
  const notes = page.getByRole('region', { name: 'Your notes' }).getByRole('listitem');
  await expect(notes).toHaveCount(5);
  await page.getByLabel('Title').fill('One more');
  await page.getByLabel('Content').fill('Created from the form.');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Note created!' })).toBeVisible();

  // To-dos: the first page, the next, and a reload after a toggle; the menu's links preload.
  await page.getByRole('link', { name: 'To-Do List' }).hover();
  await page.getByRole('link', { name: 'To-Do List' }).click();
  await expect(page.getByText('Page 1 of 4')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 4')).toBeVisible();
  // The toggled task is found by its text: done tasks go below open ones (issue 10), across
  // the pages, so it leaves this page for the end of the last one.
  const firstTask = (await page.locator('.todo-task').first().textContent()) ?? '';
  const firstTodo = page
    .getByRole('listitem')
    .filter({ has: page.getByText(firstTask, { exact: true }) })
    .getByRole('checkbox');
  const reloaded = page.waitForResponse((res) => {
    const url = new URL(res.url());
    return url.pathname.startsWith('/api/todos') && LIST.test(url.pathname);
  });
  await firstTodo.click();
  await reloaded;
  await expect(firstTodo).toHaveCount(0);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 4 of 4')).toBeVisible();
  await expect(page.locator('.todo-task').last()).toHaveText(firstTask);
  await expect(firstTodo).toBeChecked();
  await expect(page.getByRole('checkbox', { checked: true })).toHaveCount(1);
  await page.getByRole('link', { name: 'Note Taking' }).hover();

  const seen = await lists();
  const notesAsked = seen.filter((s) => s.url.pathname.startsWith('/api/notes'));
  const todosAsked = seen.filter((s) => s.url.pathname.startsWith('/api/todos'));
  expect(notesAsked.length).toBeGreaterThanOrEqual(4);
  expect(todosAsked.length).toBeGreaterThanOrEqual(3);
  for (const { url, body } of seen) {
    const where = `${url.pathname}${url.search}`;
    expect(url.searchParams.get('page'), where).toMatch(/^[1-9]\d*$/);
    expect(url.searchParams.get('page_size'), where).toBe('10');
    // A DRF page of at most ten, never the plain array of every item.
    expect(Array.isArray(body), where).toBe(false);
    const page = body as { count: number; results: unknown[] };
    expect(page.results.length, where).toBeLessThanOrEqual(10);
    expect(page.count, where).toBeGreaterThanOrEqual(35);
  }
  expect(new Set(notesAsked.map((s) => s.url.searchParams.get('page')))).toEqual(
    new Set(['1', '2', '4']),
  );
});
