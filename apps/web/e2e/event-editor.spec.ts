import type { APIRequestContext, Page } from '@playwright/test';
import { expectAxeClean } from './axe';
import { type Account, expect, failApi, longDate, test } from './fixtures';

/*
 * Issue 19, defect 2: the event editor had only Title, Date and Time, so an event's end or rule
 * could not be changed; moving a timed event with an end failed with "Failed to update event",
 * and the editor closed, throwing the edits away.
 */

/** Today and a week ago, in the page's zone. */
async function pageDays(page: Page) {
  await page.goto('/favicon.svg');
  return page.evaluate(() => {
    const iso = (d: Date) =>
      `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    const now = new Date();
    const code = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'][now.getDay()];
    return {
      today: iso(now),
      weekAgo: iso(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 7)),
      nextWeek: iso(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 7)),
      code,
    };
  });
}

async function createEvent(
  request: APIRequestContext,
  account: Account,
  body: Record<string, unknown>,
) {
  const res = await request.post('/api/calendar/events/', {
    headers: { authorization: `Bearer ${account.access}` },
    data: body,
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number };
}

async function eventsOn(request: APIRequestContext, account: Account, date: string) {
  const res = await request.get(`/api/calendar/events/?date=${date}`, {
    headers: { authorization: `Bearer ${account.access}` },
  });
  return (await res.json()) as Array<{ title: string; time: string; end_time?: string }>;
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test.describe(viewport.name, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('"Evening yoga 19:30–20:30" moved to 20:45 keeps its hour; the repeat can be changed', async ({
      authedPage: page,
      account,
      request,
    }) => {
      const days = await pageDays(page);
      await createEvent(request, account, {
        title: 'Evening yoga',
        date: days.today,
        time: '19:30',
        end_time: '20:30',
      });
      await page.goto('/calendar');
      const panel = page.getByRole('region', { name: `Events on ${longDate(days.today)}` });
      await expect(panel.getByRole('listitem')).toHaveText(['Evening yoga @ 19:30–20:30']);
      await panel.getByRole('button', { name: 'Edit event' }).click();

      // Every field the form has, prefilled.
      const form = page.getByRole('form', { name: 'Edit event: Evening yoga' });
      await expect(form.getByLabel('Title')).toHaveValue('Evening yoga');
      await expect(form.getByLabel('Date')).toHaveValue(days.today);
      await expect(form.getByLabel('Time (optional)')).toHaveValue('19:30');
      await expect(form.getByLabel('End (optional)')).toHaveValue('20:30');
      await expect(form.getByLabel('Repeat', { exact: true })).toHaveValue('none');
      await expectAxeClean(page, `event editor (${viewport.name})`);

      // A new start moves the end by the same span.
      await form.getByLabel('Time (optional)').fill('20:45');
      await expect(form.getByLabel('End (optional)')).toHaveValue('21:45');
      const patched = page.waitForRequest((r) => r.method() === 'PATCH');
      await form.getByRole('button', { name: 'Save' }).click();
      expect((await patched).postDataJSON()).toEqual({ time: '20:45', end_time: '21:45' });
      await expect(form).toBeHidden();
      await expect(panel.getByRole('listitem')).toHaveText(['Evening yoga @ 20:45–21:45']);
      await expect(panel.getByRole('button', { name: 'Edit event' })).toBeFocused();
      expect(await eventsOn(request, account, days.today)).toMatchObject([
        { title: 'Evening yoga', time: '20:45:00', end_time: '21:45:00' },
      ]);

      // The repetition too: weekly from now on, then shown next week.
      await panel.getByRole('button', { name: 'Edit event' }).click();
      const weekday = await page.evaluate(() =>
        new Date().toLocaleDateString('en-US', { weekday: 'long' }),
      );
      await form.getByLabel('Repeat', { exact: true }).selectOption({
        label: `Weekly on ${weekday}`,
      });
      const ruled = page.waitForRequest((r) => r.method() === 'PATCH');
      await form.getByLabel('Title').press('Enter');
      expect((await ruled).postDataJSON()).toEqual({ rrule: `FREQ=WEEKLY;BYDAY=${days.code}` });
      await expect(panel.getByRole('img', { name: 'repeats' })).toBeVisible();
      expect(await eventsOn(request, account, days.nextWeek)).toMatchObject([
        { title: 'Evening yoga', time: '20:45:00', end_time: '21:45:00' },
      ]);
    });

    test('one occurrence of a weekly series moved to 10:00 ("This event")', async ({
      authedPage: page,
      account,
      request,
    }) => {
      const days = await pageDays(page);
      await createEvent(request, account, {
        title: 'Standup',
        date: days.weekAgo,
        time: '09:00',
        end_time: '09:30',
        rrule: `FREQ=WEEKLY;BYDAY=${days.code}`,
      });
      await page.goto('/calendar');
      const panel = page.getByRole('region', { name: `Events on ${longDate(days.today)}` });
      await expect(panel.getByRole('listitem')).toHaveText(['Standup @ 09:00–09:30']);
      await panel.getByRole('button', { name: 'Edit event' }).click();
      const form = page.getByRole('form', { name: 'Edit event: Standup' });
      const weekday = await page.evaluate(() =>
        new Date().toLocaleDateString('en-US', { weekday: 'long' }),
      );
      await expect(form.getByLabel('Repeat', { exact: true })).toHaveValue('weekly');
      await expect(form.getByLabel('Repeat', { exact: true }).locator('option:checked')).toHaveText(
        `Weekly on ${weekday}`,
      );
      await form.getByLabel('Time (optional)').fill('10:00');
      await expect(form.getByLabel('End (optional)')).toHaveValue('10:30');
      await form.getByLabel('Time (optional)').press('Enter');

      // Cancelling the question keeps the editor and the text.
      const dialog = page.getByRole('dialog', { name: /a repeating event/ });
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(form.getByLabel('Time (optional)')).toHaveValue('10:00');

      await form.getByRole('button', { name: 'Save' }).click();
      const patched = page.waitForRequest((r) => r.method() === 'PATCH');
      await dialog.getByRole('button', { name: 'This event' }).click();
      expect((await patched).url()).toContain(`/occurrences/${days.today}/`);
      await expect(form).toBeHidden();
      await expect(panel.getByRole('listitem')).toHaveText(['Standup @ 10:00–10:30']);
      expect(await eventsOn(request, account, days.today)).toMatchObject([
        { title: 'Standup', time: '10:00:00', end_time: '10:30:00' },
      ]);
      // The others keep their time.
      for (const day of [days.weekAgo, days.nextWeek]) {
        expect(await eventsOn(request, account, day)).toMatchObject([
          { title: 'Standup', time: '09:00:00', end_time: '09:30:00' },
        ]);
      }
    });
  });
}

test("a refused save stays open with the user's text and the server's words by their fields", async ({
  authedPage: page,
  account,
  request,
}) => {
  const days = await pageDays(page);
  await createEvent(request, account, { title: 'Dentist', date: days.today, time: '08:00' });
  await page.goto('/calendar');
  const panel = page.getByRole('region', { name: `Events on ${longDate(days.today)}` });
  await panel.getByRole('button', { name: 'Edit event' }).click();
  const form = page.getByRole('form', { name: 'Edit event: Dentist' });

  // The contract's end-time rule, checked before sending, in the contract's words.
  await form.getByLabel('End (optional)').fill('07:00');
  await form.getByRole('button', { name: 'Save' }).click();
  const end = form.getByLabel('End (optional)');
  await expect(end).toHaveAccessibleDescription('The end time must be after the start time.');
  await expect(end).toBeFocused();
  await end.fill('09:00');

  // The server's own refusal: a repeat that ends before the event starts.
  await form.getByLabel('Title').fill('Dentist (check-up)');
  const repeat = form.getByLabel('Repeat', { exact: true });
  await repeat.selectOption({ label: 'Custom…' });
  await form.getByLabel('Ends').selectOption({ label: 'On a date' });
  await form.getByLabel('Last day').fill(days.weekAgo);
  const answered = page.waitForResponse((r) => r.request().method() === 'PATCH');
  await form.getByRole('button', { name: 'Save' }).click();
  expect((await answered).status()).toBe(400);
  await expect(repeat).toHaveAccessibleDescription("UNTIL must not be before the event's date.");
  await expect(repeat).toHaveAttribute('aria-invalid', 'true');
  await expect(repeat).toBeFocused();
  await expect(form.getByLabel('Title')).toHaveValue('Dentist (check-up)');
  await expect(form.getByLabel('End (optional)')).toHaveValue('09:00');
  await expect(page.getByText('Failed to update event')).toHaveCount(0);
  await expectAxeClean(page, 'event editor with field errors');

  // A failure without field errors: the toast, and still the editor with the text.
  const refused = await failApi(page, 'PATCH', /^\/api\/calendar\/events\/\d+\/$/, {
    status: 500,
    body: { detail: 'A server error occurred.' },
  });
  await form.getByLabel('Ends').selectOption({ label: 'Never' });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Failed to update event' }),
  ).toBeVisible();
  expect(refused).toHaveLength(1);
  await expect(form.getByLabel('Title')).toHaveValue('Dentist (check-up)');

  // Once the server takes it, the editor closes with everything saved.
  await page.unrouteAll();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(panel.getByRole('listitem')).toHaveText(['Dentist (check-up) @ 08:00–09:00']);
  expect(await eventsOn(request, account, days.nextWeek)).toMatchObject([
    { title: 'Dentist (check-up)' },
  ]);
});
