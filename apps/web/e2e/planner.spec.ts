import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { apiAs, expect, longDate, test } from './fixtures';

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Today and other days in the page's own zone, as `yyyy-mm-dd`. */
async function pageDays(page: Page) {
  return page.evaluate(() => {
    const iso = (d: Date) =>
      `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    const now = new Date();
    const at = (days: number) =>
      iso(new Date(now.getFullYear(), now.getMonth(), now.getDate() + days));
    // A day of this month other than today (the 15th, or the 16th on the 15th).
    const other = now.getDate() === 15 ? 16 : 15;
    return {
      today: at(0),
      other: iso(new Date(now.getFullYear(), now.getMonth(), other)),
      in3: at(3),
      in20: at(20),
      in40: at(40),
      weekday: now.getDay(),
    };
  });
}

async function axeClean(page: Page, screen: string) {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect
    .soft(
      serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      `axe on ${screen}`,
    )
    .toEqual([]);
}

test('month: a due to-do shows in its cell and is toggled from the day panel; overdue days are marked', async ({
  authedPage: page,
  account,
  request,
}) => {
  await page.goto('/favicon.svg');
  const days = await pageDays(page);
  const api = apiAs(account, request);
  await api.createTodo('Pay rent', days.other);
  await api.createEvent('Yoga', days.other, '18:00');
  await api.createEvent('Call mum', days.other);

  // The month costs two requests: its events and its to-dos.
  const ranged: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/') && r.method() === 'GET' && !url.searchParams.has('date')) {
      ranged.push(`${url.pathname}${url.search}`);
    }
  });
  await page.goto('/calendar');
  const cell = page.locator(`[data-day="${days.other}"]`);
  await expect(cell.locator('.cell-event')).toHaveText(['Call mum', 'Yoga18:00']);
  await expect(cell.getByRole('checkbox', { name: 'Pay rent' })).not.toBeChecked();
  // The visible month cost two requests: its events (occurrences included) and its to-dos.
  const first = `${days.today.slice(0, 8)}01`;
  const thisMonth = ranged.filter((r) => r.includes(first));
  expect(thisMonth.sort()).toEqual([
    expect.stringMatching(new RegExp(`^/api/calendar/events/\\?start=${first}&end=`)),
    expect.stringMatching(new RegExp(`^/api/todos/\\?due_after=${first}&due_before=`)),
  ]);

  await cell.getByRole('button').click();
  const panel = page.getByRole('region', { name: `Events on ${longDate(days.other)}` });
  await expect(panel.getByRole('listitem').filter({ hasText: 'Yoga' })).toHaveText('Yoga @ 18:00');
  const box = panel.getByRole('checkbox', { name: 'Pay rent' });
  await box.check();
  await expect(box).toBeChecked();
  // The cell shows the same to-do done, after the list reloaded.
  await expect(cell.getByRole('checkbox', { name: 'Pay rent' })).toBeChecked();
  await expect(cell.locator('.item-todo.done')).toHaveText('Pay rent');
  await axeClean(page, 'month');
});

test('month: more than three items show "+N more"; an overdue day is marked in words', async ({
  authedPage: page,
  account,
  request,
}) => {
  await page.goto('/favicon.svg');
  const days = await pageDays(page);
  test.skip(days.today.endsWith('-01'), 'no earlier day in this month to be overdue');
  const api = apiAs(account, request);
  const yesterday = `${days.today.slice(0, 8)}${String(Number(days.today.slice(8)) - 1).padStart(2, '0')}`;
  for (const t of ['A', 'B', 'C', 'D', 'E']) await api.createTodo(`Task ${t}`, yesterday);
  await page.goto('/calendar');
  const cell = page.locator(`[data-day="${yesterday}"]`);
  await expect(cell.locator('.cell-todo')).toHaveCount(3);
  await expect(cell.locator('.cell-more')).toHaveText('+2 more');
  await expect(cell.getByText('Overdue')).toBeVisible();
  await expect(cell.getByRole('button')).toHaveAccessibleName(/overdue to-dos/);
});

test('week and agenda views, previous/next, the Today button and the t key', async ({
  authedPage: page,
  account,
  request,
}) => {
  await page.goto('/favicon.svg');
  const days = await pageDays(page);
  const api = apiAs(account, request);
  await api.createEvent('Standup', days.today, '09:00');
  await api.createEvent('Offsite', days.today);
  await api.createTodo('Ship it', days.today);
  await api.createEvent('Dinner', days.in20, '19:30');
  await api.createEvent('Far away', days.in40, '10:00');

  await page.goto('/calendar');
  await page.getByRole('button', { name: 'Week', exact: true }).click();
  const week = page.getByRole('group', { name: /^Week of / });
  await expect(week.locator('.week-day')).toHaveCount(7);
  const todayCol = week.locator(`[data-day="${days.today}"]`);
  // Untimed items and due to-dos on top, timed ones placed by time.
  await expect(todayCol.locator('.week-top')).toContainText('Offsite');
  await expect(
    todayCol.locator('.week-top').getByRole('checkbox', { name: 'Ship it' }),
  ).toBeVisible();
  await expect(todayCol.locator('.week-times .week-event')).toHaveText('Standup09:00');
  // Hour labels beside the time grid (08:00 to 17:00 at least); the 09:00 event starts level
  // with the 09:00 label.
  const hours = week.locator('.week-hours li');
  await expect(hours.first()).toHaveText('08:00');
  await expect(hours.last()).toHaveText('17:00');
  const label = await hours.filter({ hasText: '09:00' }).boundingBox();
  const standup = await todayCol.locator('.week-event').boundingBox();
  expect(Math.abs((label?.y ?? 0) - (standup?.y ?? 1000))).toBeLessThan(4);
  await axeClean(page, 'week');

  // Arrows move between days, and the day panel follows.
  const head = todayCol.getByRole('button', { name: /, today, / });
  await head.focus();
  await page.keyboard.press('ArrowRight');
  const tomorrow = await page.evaluate(() => {
    const d = new Date();
    d.setDate(d.getDate() + 1);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
  await expect(
    page.getByRole('heading', { name: `Events on ${longDate(tomorrow)}` }),
  ).toBeVisible();
  await expect(page.locator(`[data-day="${tomorrow}"] .week-day-head`)).toBeFocused();

  // Next week, then Today.
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(week.locator(`[data-day="${days.today}"]`)).toHaveCount(0);
  await page.getByRole('button', { name: 'Today', exact: true }).click();
  await expect(week.locator(`[data-day="${days.today}"]`)).toHaveCount(1);
  await expect(
    page.getByRole('heading', { name: `Events on ${longDate(days.today)}` }),
  ).toBeVisible();

  // The agenda: the next 30 days as a list.
  await page.getByRole('button', { name: 'Agenda', exact: true }).click();
  const agenda = page.locator('.agenda');
  await expect(agenda.locator(`[data-day="${days.today}"]`)).toContainText('Standup');
  await expect(agenda.locator(`[data-day="${days.in20}"]`)).toContainText('19:30Dinner');
  await expect(agenda).not.toContainText('Far away');
  await axeClean(page, 'agenda');
  await page.getByRole('button', { name: 'Next 30 days' }).click();
  await expect(agenda.locator(`[data-day="${days.in40}"]`)).toContainText('Far away');
  // `t` goes back to today (outside a text field).
  await page.keyboard.press('t');
  await expect(agenda.locator(`[data-day="${days.today}"]`)).toContainText('Standup');
  // Picking a day in the agenda opens it in the panel.
  await agenda.locator(`[data-day="${days.in20}"]`).getByRole('button').click();
  await expect(
    page.getByRole('heading', { name: `Events on ${longDate(days.in20)}` }),
  ).toBeVisible();

  // In a text field, t is a letter.
  await page.getByLabel('New event title').fill('');
  await page.getByLabel('New event title').press('t');
  await expect(page.getByLabel('New event title')).toHaveValue('t');
  await expect(
    page.getByRole('heading', { name: `Events on ${longDate(days.in20)}` }),
  ).toBeVisible();
});

test('month: t goes to today after browsing away', async ({ authedPage: page }) => {
  await page.goto('/calendar');
  const days = await pageDays(page);
  const caption = await page.locator('.rdp-month_caption').textContent();
  await page.getByRole('button', { name: /next month/i }).click();
  await expect(page.locator('.rdp-month_caption')).not.toHaveText(caption ?? '');
  await page.keyboard.press('t');
  await expect(page.locator('.rdp-month_caption')).toHaveText(caption ?? '');
  await expect(
    page.getByRole('heading', { name: `Events on ${longDate(days.today)}` }),
  ).toBeVisible();
});

test.describe('Home as Today', () => {
  test('a new user sees the description box and empty lists; quick add adds a task or a note', async ({
    authedPage: page,
    account,
  }) => {
    const loads: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/') && r.method() === 'GET') loads.push(url.pathname);
    });
    await page.goto('/');
    await expect(
      page.getByRole('heading', { name: `Welcome, ${account.username}!` }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'Your cozy workspace, built for focus' }),
    ).toBeVisible();
    await expect(page.getByText('Nothing due today.')).toBeVisible();
    await expect(page.getByText('No events this week.')).toBeVisible();
    await expect(page.getByText('No notes yet.')).toBeVisible();
    // Today's three requests (to-dos, events, notes), once each, beside the sign-in check's
    // /api/user/ that every screen of the app makes on a first load (a visit from another
    // screen finds it cached: see below).
    expect(loads.filter((path) => path !== '/api/user/').sort()).toEqual([
      '/api/calendar/events/',
      '/api/notes/',
      '/api/todos/',
    ]);
    expect(loads.filter((path) => path === '/api/user/')).toHaveLength(1);
    await axeClean(page, 'home (empty)');

    await page.getByLabel('Quick task (due today)').fill('Buy stamps');
    await page.getByRole('button', { name: 'Add Task' }).click();
    const tasks = page.getByRole('region', { name: "Today's tasks" });
    await expect(tasks.getByRole('checkbox', { name: 'Buy stamps' })).toBeVisible();

    await page.getByRole('switch', { name: 'Add as a note' }).check();
    await page.getByLabel('Quick note').fill('Call the plumber about the sink');
    await page.getByRole('button', { name: 'Add Note' }).click();
    const notes = page.getByRole('region', { name: 'Latest notes' });
    await expect(notes.getByText('Call the plumber about the sink').first()).toBeVisible();

    // With data, the description collapses to one line (and opens on demand).
    await expect(
      page.getByRole('heading', { name: 'Your cozy workspace, built for focus' }),
    ).toBeHidden();
    await page.getByText(/^About Prodify/).click();
    await expect(
      page.getByRole('heading', { name: 'Your cozy workspace, built for focus' }),
    ).toBeVisible();

    // Back from another screen, Home costs at most its three requests: the user is known.
    const main = page.getByRole('navigation', { name: 'Main' });
    await main.getByRole('link', { name: 'To-Do List' }).click();
    await expect(page.getByText('Buy stamps')).toBeVisible();
    loads.length = 0;
    await main.getByRole('link', { name: 'Home' }).click();
    await expect(notes.getByText('Call the plumber about the sink').first()).toBeVisible();
    await expect(tasks.getByRole('checkbox', { name: 'Buy stamps' })).toBeVisible();
    expect(loads).not.toContain('/api/user/');
    expect(loads.length).toBeLessThanOrEqual(3);
  });

  test("shows today's and overdue tasks (toggled in place) and the week's events", async ({
    authedPage: page,
    account,
    request,
  }) => {
    await page.goto('/favicon.svg');
    const days = await pageDays(page);
    const api = apiAs(account, request);
    const lastWeek = await page.evaluate(() => {
      const d = new Date();
      d.setDate(d.getDate() - 7);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    await api.createTodo('Renew passport', lastWeek, 'H');
    await api.createTodo('Water plants', days.today);
    await api.createTodo('Later task', days.in20);
    await api.createEvent('Standup', days.today, '09:00');
    await api.createEvent('Dentist', days.in3, '14:00');
    await api.createEvent('Too far', days.in20);
    for (let i = 1; i <= 6; i++) await api.createNote(`Note ${i}`, `Text ${i}`);

    await page.goto('/');
    const tasks = page.getByRole('region', { name: "Today's tasks" });
    await expect(tasks.getByRole('checkbox')).toHaveCount(2);
    // The browser's locale (en-US here), as every date but the notes' spec'd one.
    const [y, m, d] = lastWeek.split('-').map(Number) as [number, number, number];
    await expect(tasks.getByRole('listitem').first()).toContainText(
      `Overdue: ${new Intl.DateTimeFormat('en-US').format(new Date(y, m - 1, d))}`,
    );
    await expect(tasks).not.toContainText('Later task');
    const events = page.getByRole('region', { name: 'Today and the next 7 days' });
    await expect(events.locator(`[data-day="${days.today}"]`)).toContainText('09:00Standup');
    await expect(events.locator(`[data-day="${days.in3}"]`)).toContainText('14:00Dentist');
    await expect(events).not.toContainText('Too far');
    const notes = page.getByRole('region', { name: 'Latest notes' });
    await expect(notes.getByRole('listitem')).toHaveCount(5);
    await expect(notes.getByRole('listitem').first()).toContainText('Note 6');
    await axeClean(page, 'home');

    // Toggled in place: the done task stays, ticked, until the next visit.
    const water = tasks.getByRole('checkbox', { name: 'Water plants' });
    await water.check();
    await expect(water).toBeChecked();
    await expect(tasks.getByRole('checkbox')).toHaveCount(2);
    // The box ticks at once (optimistic); the server's copy follows when the PATCH lands.
    const stored = async () => {
      const res = await request.get('/api/todos/', {
        headers: { authorization: `Bearer ${account.access}` },
      });
      const all = (await res.json()) as Array<{ task: string; completed: boolean }>;
      return all.find((t) => t.task === 'Water plants')?.completed;
    };
    await expect.poll(stored).toBe(true);
    await page.reload();
    await expect(tasks.getByRole('checkbox')).toHaveCount(1);
  });
});

test('event form: an end time shows as 09:00–10:30; the repeat choices send an RRULE', async ({
  authedPage: page,
}) => {
  await page.goto('/calendar');
  const days = await pageDays(page);
  const panel = page.getByRole('region', { name: `Events on ${longDate(days.today)}` });
  const post = () =>
    page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/calendar/events/'));

  await page.getByLabel('New event title').fill('Review');
  await page.getByLabel('Time (optional)').fill('09:00');
  // The end must be after the start (the contract's rule, in its words).
  await page.getByLabel('End (optional)').fill('08:00');
  await page.getByRole('button', { name: 'Add Event' }).click();
  await expect(page.getByText('The end time must be after the start time.')).toBeVisible();
  await page.getByLabel('End (optional)').fill('10:30');
  let posted = post();
  await page.getByRole('button', { name: 'Add Event' }).click();
  expect((await posted).postDataJSON()).toEqual({
    title: 'Review',
    date: days.today,
    time: '09:00',
    end_time: '10:30',
  });
  await expect(panel.getByRole('listitem')).toHaveText(['Review @ 09:00–10:30']);
  await expect(page.locator(`[data-day="${days.today}"] .cell-event`)).toHaveText(
    'Review09:00–10:30',
  );

  const weekday = await page.evaluate(() =>
    new Date().toLocaleDateString('en-US', { weekday: 'long' }),
  );
  const repeat = page.getByLabel('Repeat', { exact: true });
  await expect(repeat.locator('option')).toHaveText([
    'Does not repeat',
    'Daily',
    `Weekly on ${weekday}`,
    `Monthly on day ${Number(days.today.slice(8))}`,
    'Yearly',
    'Custom…',
  ]);
  await page.getByLabel('New event title').fill('Team sync');
  await repeat.selectOption({ label: `Weekly on ${weekday}` });
  posted = post();
  await page.getByRole('button', { name: 'Add Event' }).click();
  const code = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'][days.weekday];
  expect((await posted).postDataJSON()).toMatchObject({ rrule: `FREQ=WEEKLY;BYDAY=${code}` });
  await expect(repeat).toHaveValue('none');

  // Custom: every 2 weeks, 5 times.
  await page.getByLabel('New event title').fill('Retro');
  await repeat.selectOption({ label: 'Custom…' });
  await page.getByLabel('Every').fill('2');
  await page.getByLabel('Ends').selectOption({ label: 'After a number of times' });
  await page.getByLabel('Times').fill('5');
  await axeClean(page, 'event form (custom repeat)');
  posted = post();
  await page.getByRole('button', { name: 'Add Event' }).click();
  expect((await posted).postDataJSON()).toMatchObject({
    rrule: `FREQ=WEEKLY;INTERVAL=2;BYDAY=${code};COUNT=5`,
  });
  await expect(panel.getByRole('listitem').filter({ hasText: 'Retro' })).toHaveCount(1);
});
