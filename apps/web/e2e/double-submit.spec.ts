import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expectAxeClean } from './axe';
import { type Account, expect, isoDate, test } from './fixtures';

/*
 * Issue 19, defect 1: two or three fast clicks on a create button (or Enter pressed twice)
 * stored two or three items. A form ignores a second submit while the first is pending. The
 * counts come from the API, not from the screen, so a duplicate the list hides still fails.
 */

async function count(request: APIRequestContext, account: Account, path: string) {
  const res = await request.get(path, { headers: { authorization: `Bearer ${account.access}` } });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { count: number } | unknown[];
  return Array.isArray(body) ? body.length : body.count;
}

/**
 * Slows `POST path` down by `ms`, as a slow network would, and counts the POSTs the page sends.
 * Without the delay a local API can answer between two clicks; with it, every fast click lands
 * while the first request is pending.
 */
async function slowPosts(page: Page, path: string, ms = 400) {
  const seen: string[] = [];
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      seen.push(route.request().postData() ?? '');
      await new Promise((r) => setTimeout(r, ms));
      await route.fallback();
    },
  );
  return seen;
}

/** A double click, a triple click, then Enter pressed twice in `field`, each on a fresh value. */
async function hammer(
  button: Locator,
  field: Locator,
  fill: (value: string) => Promise<void>,
  done: (value: string) => Promise<void>,
) {
  await fill('Double clicked');
  await button.dblclick();
  await done('Double clicked');
  await fill('Triple clicked');
  await button.click({ clickCount: 3 });
  await done('Triple clicked');
  await fill('Entered twice');
  await field.press('Enter');
  await field.press('Enter');
  await done('Entered twice');
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test.describe(`${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('Add note: fast clicks and a repeated Enter store one note each', async ({
      authedPage: page,
      account,
      request,
    }) => {
      const sent = await slowPosts(page, '/api/notes/');
      await page.goto('/note-history');
      const title = page.getByLabel('Title');
      await hammer(
        page.getByRole('button', { name: 'Submit' }),
        title,
        async (value) => {
          await title.fill(value);
          await page.getByLabel('Content').fill(`${value}: the body.`);
        },
        async () => expect(title).toHaveValue(''),
      );
      expect(sent).toHaveLength(3);
      expect(await count(request, account, '/api/notes/?page_size=100')).toBe(3);
      await expectAxeClean(page, 'notes after fast submits');
    });

    test('the to-do form: fast clicks and a repeated Enter store one task each', async ({
      authedPage: page,
      account,
      request,
    }) => {
      const sent = await slowPosts(page, '/api/todos/');
      await page.goto('/todo');
      const task = page.getByLabel('Task', { exact: true });
      await hammer(
        page.getByRole('button', { name: 'Submit' }),
        task,
        (value) => task.fill(value),
        async () => expect(task).toHaveValue(''),
      );
      expect(sent).toHaveLength(3);
      expect(await count(request, account, '/api/todos/?page_size=100')).toBe(3);
    });

    test("Today's quick add: fast clicks store one task, and one note, each", async ({
      authedPage: page,
      account,
      request,
    }) => {
      const tasks = await slowPosts(page, '/api/todos/');
      const notes = await slowPosts(page, '/api/notes/');
      await page.goto('/');
      const box = page.getByLabel('Quick task (due today)');
      await hammer(
        page.getByRole('button', { name: 'Add Task' }),
        box,
        (value) => box.fill(value),
        async () => expect(box).toHaveValue(''),
      );
      expect(tasks).toHaveLength(3);
      expect(await count(request, account, '/api/todos/?page_size=100')).toBe(3);

      await page.getByRole('switch', { name: 'Add as a note' }).check();
      const note = page.getByLabel('Quick note');
      await note.fill('A quick thought');
      await page.getByRole('button', { name: 'Add Note' }).dblclick();
      await expect(note).toHaveValue('');
      expect(notes).toHaveLength(1);
      expect(await count(request, account, '/api/notes/?page_size=100')).toBe(1);
      await expectAxeClean(page, 'today after fast submits');
    });

    test('Add Event: fast clicks and a repeated Enter store one event each', async ({
      authedPage: page,
      account,
      request,
    }) => {
      const sent = await slowPosts(page, '/api/calendar/events/');
      await page.goto('/calendar');
      const title = page.getByLabel('New event title');
      await hammer(
        page.getByRole('button', { name: 'Add Event' }),
        title,
        (value) => title.fill(value),
        async () => expect(title).toHaveValue(''),
      );
      expect(sent).toHaveLength(3);
      const today = await page.evaluate(() => new Date().toDateString());
      const date = isoDate(new Date(today));
      expect(await count(request, account, `/api/calendar/events/?date=${date}`)).toBe(3);
      await expectAxeClean(page, 'calendar after fast submits');
    });
  });
}
