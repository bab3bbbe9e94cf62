import { expect, longDate, test } from './fixtures';

/** Today's local date in the page, as the user's calendar shows it. */
async function pageToday(page: import('@playwright/test').Page) {
  return page.evaluate(() => {
    const d = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    return {
      iso: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
      year: d.getFullYear(),
      caption: d.toLocaleDateString('en-US', { month: 'long', year: 'numeric' }),
      day: d.getDate(),
    };
  });
}

test('calendar: today first, timed and untimed events, marks, delete, another day', async ({
  authedPage: page,
}) => {
  await page.goto('/calendar');
  const today = await pageToday(page);
  const panel = page.getByRole('region', { name: /^Events on / });
  await expect(
    panel.getByRole('heading', { name: `Events on ${longDate(today.iso)}` }),
  ).toBeVisible();
  await expect(panel.getByText('No events.')).toBeVisible();
  await expect(page.getByRole('button', { name: today.caption })).toBeVisible();

  const title = page.getByLabel('New event title');
  const time = page.getByLabel('Time (optional)');
  const addEvent = async (name: string, at: string) => {
    const posted = page.waitForRequest(
      (r) => r.method() === 'POST' && r.url().endsWith('/api/calendar/events/'),
    );
    await title.fill(name);
    if (at) await time.fill(at);
    await page.getByRole('button', { name: 'Add Event' }).click();
    const body = (await posted).postDataJSON();
    await expect(title).toHaveValue('');
    return body;
  };

  // A blank title is not sent.
  await title.fill('  ');
  await page.getByRole('button', { name: 'Add Event' }).click();
  await expect(page.getByText('Please enter a title.')).toBeVisible();

  expect(await addEvent('Dentist', '09:30')).toEqual({
    title: 'Dentist',
    date: today.iso,
    time: '09:30',
  });
  expect(await addEvent('Holiday', '')).toEqual({ title: 'Holiday', date: today.iso, time: null });
  await addEvent('Standup', '08:15');

  const events = panel.getByRole('listitem');
  // Untimed first, then by time; ' @ HH:MM' when there is a time.
  await expect(events).toHaveText(['Holiday', 'Standup @ 08:15', 'Dentist @ 09:30']);
  // The day is marked as having events.
  await expect(page.locator(`[data-day="${today.iso}"]`)).toHaveClass(/has-events/);

  await events.filter({ hasText: 'Standup' }).getByRole('button', { name: 'Delete event' }).click();
  await expect(events).toHaveText(['Holiday', 'Dentist @ 09:30']);

  // Another day of the month: its own (empty) list.
  const other = today.day === 15 ? 16 : 15;
  const otherIso = `${today.iso.slice(0, 8)}${String(other).padStart(2, '0')}`;
  const fetched = page.waitForRequest((r) =>
    r.url().includes(`/api/calendar/events/?date=${otherIso}`),
  );
  await page.locator(`[data-day="${otherIso}"] button`).click();
  await fetched;
  await expect(
    panel.getByRole('heading', { name: `Events on ${longDate(otherIso)}` }),
  ).toBeVisible();
  await expect(panel.getByText('No events.')).toBeVisible();
});

test('calendar: drill up to year, decade and century, and back down by picking', async ({
  authedPage: page,
}) => {
  await page.goto('/calendar');
  const today = await pageToday(page);
  const decade = today.year - (today.year % 10);
  const century = today.year - (today.year % 100);

  await page.getByRole('button', { name: today.caption }).click();
  const months = page.getByRole('group', { name: `Months of ${today.year}` });
  await expect(months.getByRole('button')).toHaveCount(12);
  await expect(months.getByRole('button', { name: 'January' })).toBeVisible();

  await page.getByRole('button', { name: String(today.year), exact: true }).click();
  const years = page.getByRole('group', { name: `Years ${decade} – ${decade + 9}` });
  await expect(years.getByRole('button')).toHaveCount(10);

  await page.getByRole('button', { name: `${decade} – ${decade + 9}`, exact: true }).click();
  const decades = page.getByRole('group', { name: `Decades ${century} – ${century + 99}` });
  await expect(decades.getByRole('button')).toHaveCount(10);
  // The century is the top: its caption is not a button.
  await expect(page.getByRole('button', { name: `${century} – ${century + 99}` })).toHaveCount(0);

  // Next century, then pick its fourth decade, a year, a month, a day.
  await page.getByRole('button', { name: 'Next century' }).click();
  const next = century + 100;
  await page
    .getByRole('group', { name: `Decades ${next} – ${next + 99}` })
    .getByRole('button', { name: `${next + 30} – ${next + 39}` })
    .click();
  await page
    .getByRole('group', { name: `Years ${next + 30} – ${next + 39}` })
    .getByRole('button', { name: String(next + 31) })
    .click();
  await page
    .getByRole('group', { name: `Months of ${next + 31}` })
    .getByRole('button', { name: 'July' })
    .click();
  await expect(page.getByRole('button', { name: `July ${next + 31}` })).toBeVisible();
  await page.locator(`[data-day="${next + 31}-07-04"] button`).click();
  await expect(
    page.getByRole('heading', { name: `Events on ${longDate(`${next + 31}-07-04`)}` }),
  ).toBeVisible();
});

test('calendar: the views work with the keyboard alone', async ({ authedPage: page }) => {
  await page.goto('/calendar');
  const today = await pageToday(page);
  const caption = page.getByRole('button', { name: today.caption });
  await caption.focus();
  await page.keyboard.press('Enter');

  // The focus moves into the months, on the month that was shown.
  const months = page.getByRole('group', { name: `Months of ${today.year}` });
  const current = await page.evaluate(() =>
    new Date().toLocaleDateString('en-US', { month: 'long' }),
  );
  await expect(months.getByRole('button', { name: current })).toBeFocused();
  await page.keyboard.press('Home');
  await expect(months.getByRole('button', { name: 'January' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(months.getByRole('button', { name: 'April' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(months.getByRole('button', { name: 'May' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(months.getByRole('button', { name: 'December' })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');

  // November of that year, with the focus on a day: arrows and Enter pick one.
  await expect(page.getByRole('button', { name: `November ${today.year}` })).toBeVisible();
  await expect(page.locator('.rdp-day_button:focus')).toHaveCount(1);
  await page.keyboard.press('Home'); // start of the week
  await page.keyboard.press('Enter');
  const picked = await page
    .locator('.rdp-day_button:focus')
    .evaluate((el) => el.closest('[data-day]')?.getAttribute('data-day'));
  await expect(
    page.getByRole('heading', { name: `Events on ${longDate(picked ?? '')}` }),
  ).toBeVisible();
});
