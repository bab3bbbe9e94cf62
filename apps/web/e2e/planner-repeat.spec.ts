import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { type Account, expect, longDate, test } from './fixtures';

/** The days of this month (in the page's zone) that fall on the weekday of its 1st–7th. */
async function monthWeekdays(page: Page) {
  return page.evaluate(() => {
    const iso = (d: Date) =>
      `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    const now = new Date();
    // The series starts on the 2nd (any weekday) and repeats on that weekday.
    const start = new Date(now.getFullYear(), now.getMonth(), 2);
    const code = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'][start.getDay()];
    const days: string[] = [];
    const other: string[] = [];
    for (let d = 1; d <= 31; d++) {
      const day = new Date(now.getFullYear(), now.getMonth(), d);
      if (day.getMonth() !== now.getMonth()) break;
      if (d >= 2 && day.getDay() === start.getDay()) days.push(iso(day));
      else other.push(iso(day));
    }
    return { start: iso(start), code, days, other };
  });
}

async function createSeries(
  request: APIRequestContext,
  account: Account,
  body: Record<string, unknown>,
) {
  const res = await request.post('/api/calendar/events/', {
    headers: { authorization: `Bearer ${account.access}` },
    data: body,
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

test('a weekly event shows on every matching day of the month view', async ({
  authedPage: page,
  account,
  request,
}) => {
  await page.goto('/favicon.svg');
  const month = await monthWeekdays(page);
  await createSeries(request, account, {
    title: 'Weekly sync',
    date: month.start,
    time: '10:00',
    end_time: '10:30',
    rrule: `FREQ=WEEKLY;BYDAY=${month.code}`,
  });
  await page.goto('/calendar');
  for (const day of month.days) {
    await expect(page.locator(`[data-day="${day}"] .cell-event`)).toHaveText(
      'Weekly sync10:00–10:30',
    );
  }
  for (const day of month.other) {
    await expect(page.locator(`[data-day="${day}"] .cell-event`)).toHaveCount(0);
  }
  // The day panel (?date=) lists the occurrence too, marked as repeating.
  const second = month.days[1] as string;
  await page.locator(`[data-day="${second}"] button`).first().click();
  const panel = page.getByRole('region', { name: `Events on ${longDate(second)}` });
  await expect(panel.getByRole('listitem')).toHaveText(['Weekly sync @ 10:00–10:30']);
  await expect(panel.getByRole('img', { name: 'repeats' })).toBeVisible();
});

test('deleting one occurrence leaves the others; All events deletes the series', async ({
  authedPage: page,
  account,
  request,
}) => {
  await page.goto('/favicon.svg');
  const month = await monthWeekdays(page);
  await createSeries(request, account, {
    title: 'Piano lesson',
    date: month.start,
    rrule: `FREQ=WEEKLY;BYDAY=${month.code}`,
  });
  await page.goto('/calendar');
  const [first, second, ...rest] = month.days as [string, string, ...string[]];
  await page.locator(`[data-day="${second}"] button`).first().click();
  const panel = page.getByRole('region', { name: `Events on ${longDate(second)}` });
  await panel.getByRole('button', { name: 'Delete event' }).click();
  const dialog = page.getByRole('dialog', { name: /Piano lesson/ });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'This event' })).toBeFocused();
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual(
    [],
  );
  await dialog.getByRole('button', { name: 'This event' }).click();
  await expect(panel.getByText('No events.')).toBeVisible();
  await expect(page.locator(`[data-day="${second}"] .cell-event`)).toHaveCount(0);
  for (const day of [first, ...rest]) {
    await expect(page.locator(`[data-day="${day}"] .cell-event`)).toHaveText('Piano lesson');
  }

  // Escape cancels; All events deletes the whole series.
  await page.locator(`[data-day="${first}"] button`).first().click();
  const firstPanel = page.getByRole('region', { name: `Events on ${longDate(first)}` });
  await firstPanel.getByRole('button', { name: 'Delete event' }).click();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(firstPanel.getByRole('listitem')).toHaveText(['Piano lesson']);
  await firstPanel.getByRole('button', { name: 'Delete event' }).click();
  await dialog.getByRole('button', { name: 'All events' }).click();
  await expect(firstPanel.getByText('No events.')).toBeVisible();
  for (const day of month.days) {
    await expect(page.locator(`[data-day="${day}"] .cell-event`)).toHaveCount(0);
  }
});

test('editing one occurrence asks "This event" or "All events"', async ({
  authedPage: page,
  account,
  request,
}) => {
  await page.goto('/favicon.svg');
  const month = await monthWeekdays(page);
  await createSeries(request, account, {
    title: 'Choir',
    date: month.start,
    rrule: `FREQ=WEEKLY;BYDAY=${month.code}`,
  });
  await page.goto('/calendar');
  const [first, second, ...rest] = month.days as [string, string, ...string[]];
  const cell = (day: string) => page.locator(`[data-day="${day}"] .cell-event`);
  const rename = async (day: string, title: string, answer: 'This event' | 'All events') => {
    await page.locator(`[data-day="${day}"] button`).first().click();
    const panel = page.getByRole('region', { name: `Events on ${longDate(day)}` });
    await panel.getByRole('button', { name: 'Edit event' }).click();
    const form = page.getByRole('form', { name: /^Edit event: / });
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Title').press('Enter');
    const dialog = page.getByRole('dialog', { name: /a repeating event/ });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: answer }).click();
    await expect(dialog).toBeHidden();
  };

  // This event: only that day's occurrence changes.
  await rename(second, 'Choir (hall B)', 'This event');
  await expect(cell(second)).toHaveText('Choir (hall B)');
  for (const day of [first, ...rest]) await expect(cell(day)).toHaveText('Choir');

  // All events: every occurrence takes the new title, the one changed alone too (as the API's
  // series PATCH carries a title to the changed occurrences). The lists reload slowly, as on a
  // busy server: until they do, each occurrence stays on its own day (the answer to the PATCH is
  // the series' row, dated on its first day, and once moved every occurrence there).
  await page.route(
    (url) => url.pathname === '/api/calendar/events/' && url.search !== '',
    async (route) => {
      if (route.request().method() === 'GET') await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    },
  );
  await rename(first, 'Choir rehearsal', 'All events');
  for (const day of month.days) await expect(cell(day)).toHaveText('Choir rehearsal');

  await page.reload();
  for (const day of month.days) await expect(cell(day)).toHaveText('Choir rehearsal');
});
