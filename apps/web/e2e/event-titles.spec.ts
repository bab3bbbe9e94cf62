import type { Locator, Page } from '@playwright/test';
import { expectAxeClean } from './axe';
import { apiAs, expect, test } from './fixtures';

/*
 * Issue 19, defect 3: at 1280 px a month cell showed "09:30–1…" and the week view "19:30–20:30"
 * with no title. The title comes first; the time gives way; a title that does not fit is cut
 * with its full text on hover (the line's title) and on focus (the day's description).
 */

const LONG = 'Quarterly planning with the whole design team';

async function seed(
  page: Page,
  account: Parameters<typeof apiAs>[0],
  request: Parameters<typeof apiAs>[1],
) {
  await page.goto('/favicon.svg');
  const today = await page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
  const headers = { authorization: `Bearer ${account.access}` };
  for (const [title, time, end_time] of [
    ['Evening yoga', '19:30', '20:30'],
    [LONG, '09:30', '11:00'],
    ['Lunch', '12:00', undefined],
  ] as const) {
    const res = await request.post('/api/calendar/events/', {
      headers,
      data: { title, date: today, time, ...(end_time ? { end_time } : {}) },
    });
    expect(res.status()).toBe(201);
  }
  await apiAs(account, request).createEvent('Call mum', today);
  return today;
}

/** How the title of an event line sits in it: its box inside the line's, and cut or not. */
async function titleFit(line: Locator) {
  return line.evaluate((li) => {
    const title = li.querySelector('.item-title') as HTMLElement;
    const box = li.getBoundingClientRect();
    const t = title.getBoundingClientRect();
    return {
      first: li.firstElementChild === title,
      inside:
        t.left >= box.left - 1 &&
        t.right <= box.right + 1 &&
        t.top >= box.top - 1 &&
        t.bottom <= box.bottom + 1,
      width: t.width,
      cut: title.scrollWidth > title.clientWidth + 1,
    };
  });
}

async function noSidewaysScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, 'the page scrolls sideways').toBeLessThanOrEqual(client);
}

test.describe('desktop, 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('month and week show each title first; a long one is cut, full on hover and focus', async ({
    authedPage: page,
    account,
    request,
  }) => {
    const today = await seed(page, account, request);
    await page.goto('/calendar');
    const cell = page.locator(`.rdp-day[data-day="${today}"]`);
    const lines = cell.locator('.cell-event');
    await expect(lines).toHaveCount(3);
    // The first three of the day (then "+1 more").
    for (const title of ['Call mum', LONG, 'Lunch']) {
      const line = lines.filter({ hasText: title });
      const fit = await titleFit(line);
      expect(fit, title).toMatchObject({ first: true, inside: true });
      expect(fit.width, title).toBeGreaterThan(40);
      expect(fit.cut, title).toBe(title === LONG);
    }
    await expect(lines.filter({ hasText: LONG })).toHaveAttribute('title', `${LONG} @ 09:30–11:00`);
    // The day's button, which takes the focus, is described by its items in full.
    await expect(cell.locator('.rdp-day_button')).toHaveAccessibleDescription(new RegExp(LONG));
    await noSidewaysScroll(page);
    await expectAxeClean(page, 'month with long titles');

    await page.getByRole('button', { name: 'Week', exact: true }).click();
    const column = page.locator(`.week-day[data-day="${today}"]`);
    const timed = column.locator('.week-event');
    await expect(timed).toHaveCount(3);
    for (const title of ['Evening yoga', 'Lunch', LONG]) {
      const fit = await titleFit(timed.filter({ hasText: title }));
      expect(fit, title).toMatchObject({ first: true, inside: true });
      expect(fit.width, title).toBeGreaterThan(30);
    }
    await expect(timed.filter({ hasText: 'Evening yoga' })).toHaveAttribute(
      'title',
      'Evening yoga @ 19:30–20:30',
    );
    // The one-hour yoga class still shows its time, under its title.
    await expect(
      timed.filter({ hasText: 'Evening yoga' }).locator('.item-time').first(),
    ).toBeInViewport();
    const head = column.locator('.week-day-head');
    await expect(head).toHaveAccessibleDescription(new RegExp(`Call mum.*${LONG}`));
    // With the focus on the day, its timed events show whole, over the grid.
    await head.focus();
    expect((await titleFit(timed.filter({ hasText: LONG }))).cut).toBe(false);
    await noSidewaysScroll(page);
    await expectAxeClean(page, 'week with long titles');
  });
});

test.describe('phone, 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the week lists whole titles and nothing scrolls sideways', async ({
    authedPage: page,
    account,
    request,
  }) => {
    const today = await seed(page, account, request);
    await page.goto('/calendar');
    await noSidewaysScroll(page);
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    const column = page.locator(`.week-day[data-day="${today}"]`);
    for (const title of ['Evening yoga', 'Lunch']) {
      const fit = await titleFit(column.locator('.week-event').filter({ hasText: title }));
      expect(fit, title).toMatchObject({ first: true, inside: true, cut: false });
    }
    await expect(column.locator('.week-event').filter({ hasText: LONG })).toHaveAttribute(
      'title',
      `${LONG} @ 09:30–11:00`,
    );
    await noSidewaysScroll(page);
    await expectAxeClean(page, 'phone week with long titles');
  });
});
