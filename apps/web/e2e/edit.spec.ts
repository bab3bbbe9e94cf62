import { expectAxeClean } from './axe';
import { apiAs, expect, failApi, isoDate, longDate, test } from './fixtures';

test('notes: edit in place (Enter, Ctrl+Enter), summary cleared with the content, kept on reload; Escape cancels', async ({
  authedPage: page,
  account,
  request,
}) => {
  const api = apiAs(account, request);
  const note = await api.createNote(
    'Planing',
    'The quarterly planning meeting moved to Thursday. Maria prepares the budget review. ' +
      'We ship the calendar sync before the holidays.',
  );
  await api.createNote('Groceries', 'Oat milk, apples.');
  const summarized = await request.post(`/api/notes/${note.id}/summarize/`, {
    headers: { authorization: `Bearer ${account.access}` },
  });
  expect(summarized.status()).toBe(200);

  await page.goto('/note-history');
  const notes = page.getByRole('region', { name: 'Your notes' }).getByRole('listitem');
  const item = notes.filter({ hasText: 'quarterly planning' });
  await expect(item.getByText('Summary:')).toBeVisible();

  // Escape cancels and gives the focus back to the Edit button.
  const editButton = item.getByRole('button', { name: 'Edit note' });
  await editButton.click();
  const form = page.getByRole('form', { name: /^Edit note: / });
  await expect(form.getByLabel('Title')).toBeFocused();
  await expect(form.getByLabel('Title')).toHaveValue('Planing');
  await expect(form.getByLabel('Content')).toHaveValue(/^The quarterly planning/);
  await expectAxeClean(page, 'note editor');
  await form.getByLabel('Title').fill('Changed but cancelled');
  await page.keyboard.press('Escape');
  await expect(form).toHaveCount(0);
  await expect(item.getByRole('button', { name: 'Edit note' })).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Planing' })).toBeVisible();

  // Enter in the title saves; the summary stays (it is made from the content).
  await editButton.click();
  await form.getByLabel('Title').fill('Planning');
  const patched = page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && r.url().includes(`/api/notes/${note.id}/`),
  );
  await form.getByLabel('Title').press('Enter');
  expect((await patched).request().postDataJSON()).toEqual({ title: 'Planning' });
  await expect(page.getByRole('heading', { name: 'Planning', exact: true })).toBeVisible();
  await expect(item.getByText('Summary:')).toBeVisible();
  await expect(item.getByRole('button', { name: 'Edit note' })).toBeFocused();

  // Ctrl+Enter in the content saves; the saved summary goes with the old content.
  await item.getByRole('button', { name: 'Edit note' }).click();
  await form.getByLabel('Content').fill('Moved to Friday.\nBring the slides.');
  await form.getByLabel('Content').press('Control+Enter');
  await expect(form).toHaveCount(0);
  const friday = notes.filter({ hasText: 'Moved to Friday.' });
  await expect(friday.getByRole('heading', { name: 'Planning', exact: true })).toBeVisible();
  await expect(friday.getByText('Summary:')).toHaveCount(0);

  await page.reload();
  await expect(friday.getByRole('heading', { name: 'Planning', exact: true })).toBeVisible();
  await expect(friday.getByText('Summary:')).toHaveCount(0);
  await expect(notes).toHaveCount(2);

  // A blank title is not sent; near the limit the field says how much room is left.
  await friday.getByRole('button', { name: 'Edit note' }).click();
  await expect(form.getByText(/characters? left/)).toHaveCount(0);
  await form.getByLabel('Title').fill('x'.repeat(95));
  await expect(form.getByText('5 characters left')).toBeVisible();
  await form.getByLabel('Title').fill('   ');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Please enter a title.')).toBeVisible();
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(friday.getByRole('button', { name: 'Edit note' })).toBeFocused();
});

test('notes: an edit the server refuses is rolled back, with a toast', async ({
  authedPage: page,
  account,
  request,
}) => {
  await apiAs(account, request).createNote('Original title', 'Original content.');
  await page.goto('/note-history');
  const seen = await failApi(page, 'PATCH', /^\/api\/notes\/\d+\/$/, {
    status: 400,
    body: { title: ['Ensure this field has no more than 100 characters.'] },
    delayMs: 600,
  });
  await page.getByRole('button', { name: 'Edit note' }).click();
  await page.getByLabel('Title').last().fill('Refused title');
  await page.getByLabel('Title').last().press('Enter');
  // Shown at once, while the request runs...
  await expect(page.getByRole('heading', { name: 'Refused title' })).toBeVisible();
  // ...then put back when the server says no.
  await expect(
    page.getByRole('status').filter({ hasText: 'Failed to update note.' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Original title' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Refused title' })).toHaveCount(0);
  expect(seen).toHaveLength(1);
});

test('to-dos: edit task, due date and priority in place, with the keyboard only; kept on reload', async ({
  authedPage: page,
  account,
  request,
}) => {
  const api = apiAs(account, request);
  await api.createTodo('Buy milk', null, 'L');
  await api.createTodo('Call the bank', '2030-05-01', 'M');

  await page.goto('/todo');
  const items = page.getByRole('region', { name: 'Tasks' }).getByRole('listitem');
  await expect(items).toHaveCount(2);

  // Keyboard only: Tab to the Edit button of "Buy milk", Enter opens the editor.
  const edit = items.filter({ hasText: 'Buy milk' }).getByRole('button', { name: 'Edit task' });
  await edit.focus();
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: 'Edit task: Buy milk' });
  const task = form.getByLabel('Task', { exact: true });
  await expect(task).toBeFocused();
  await expect(task).toHaveValue('Buy milk');
  await expect(form.getByLabel('Priority')).toHaveValue('L');
  await expectAxeClean(page, 'task editor');

  await page.keyboard.press('Control+A');
  await page.keyboard.type('Buy oat milk');
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Due Date')).toBeFocused();
  // Chromium's date field takes its parts in the locale's order (en-US: mm/dd/yyyy).
  await page.keyboard.type('01152030');
  await expect(form.getByLabel('Due Date')).toHaveValue('2030-01-15');
  // Tab walks the date's parts, then leaves it for the priority.
  const priority = form.getByLabel('Priority');
  for (let i = 0; i < 3 && !(await priority.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(priority).toBeFocused();
  await form.getByLabel('Priority').selectOption('H');
  const patched = page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && r.url().includes('/api/todos/'),
  );
  await task.press('Enter');
  expect((await patched).request().postDataJSON()).toEqual({
    task: 'Buy oat milk',
    due_date: '2030-01-15',
    priority: 'H',
  });

  // Now due first: the list is in due-date order again.
  await expect(items).toHaveText([
    /Buy oat milk\s*Due: 1\/15\/2030\s*Priority: H/,
    /Call the bank\s*Due: 5\/1\/2030\s*Priority: M/,
  ]);
  await expect(
    items.filter({ hasText: 'Buy oat milk' }).getByRole('button', { name: 'Edit task' }),
  ).toBeFocused();

  // Escape cancels.
  await page.keyboard.press('Enter');
  await page.keyboard.type(' and bread');
  await page.keyboard.press('Escape');
  await expect(form).toHaveCount(0);
  await expect(page.getByText('and bread')).toHaveCount(0);

  await page.reload();
  await expect(items.first()).toHaveText(/Buy oat milk\s*Due: 1\/15\/2030\s*Priority: H/);

  // Clearing the due date sends null.
  await items.first().getByRole('button', { name: 'Edit task' }).click();
  await page
    .getByRole('form', { name: /^Edit task:/ })
    .getByLabel('Due Date')
    .fill('');
  const cleared = page.waitForResponse((r) => r.request().method() === 'PATCH');
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await cleared).request().postDataJSON()).toEqual({ due_date: null });
  await expect(items.last()).toHaveText(/Buy oat milk\s*Priority: H/);
});

test('to-dos: a refused edit is rolled back with a toast', async ({
  authedPage: page,
  account,
  request,
}) => {
  await apiAs(account, request).createTodo('Keep me', null, 'M');
  await page.goto('/todo');
  await failApi(page, 'PATCH', /^\/api\/todos\/\d+\/$/, { status: 500, body: null, delayMs: 500 });
  await page.getByRole('button', { name: 'Edit task' }).click();
  await page
    .getByRole('form', { name: /^Edit task/ })
    .getByLabel('Task')
    .fill('Lost edit');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Lost edit')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Failed to update task' })).toBeVisible();
  await expect(page.getByText('Keep me')).toBeVisible();
  await expect(page.getByText('Lost edit')).toHaveCount(0);
});

test('events: edit title and time in place, kept on reload; a new date moves it off the day', async ({
  authedPage: page,
  account,
  request,
}) => {
  const today = isoDate(new Date());
  const api = apiAs(account, request);
  await api.createEvent('Standup', today, '08:15:00');
  await api.createEvent('Holiday', today);

  await page.goto('/calendar');
  const panel = page.getByRole('region', { name: `Events on ${longDate(today)}` });
  const events = panel.getByRole('listitem');
  await expect(events).toHaveText(['Holiday', 'Standup @ 08:15']);

  const edit = events.filter({ hasText: 'Standup' }).getByRole('button', { name: 'Edit event' });
  await edit.click();
  const form = page.getByRole('form', { name: 'Edit event: Standup' });
  await expect(form.getByLabel('Title')).toBeFocused();
  await expect(form.getByLabel('Title')).toHaveValue('Standup');
  await expect(form.getByLabel('Date')).toHaveValue(today);
  await expect(form.getByLabel('Time (optional)')).toHaveValue('08:15');
  await expectAxeClean(page, 'event editor');

  await form.getByLabel('Title').fill('Daily standup');
  await form.getByLabel('Time (optional)').fill('09:45');
  const patched = page.waitForResponse((r) => r.request().method() === 'PATCH');
  await form.getByLabel('Title').press('Enter');
  expect((await patched).request().postDataJSON()).toEqual({
    title: 'Daily standup',
    time: '09:45',
  });
  await expect(events).toHaveText(['Holiday', 'Daily standup @ 09:45']);
  await expect(
    events.filter({ hasText: 'Daily standup' }).getByRole('button', { name: 'Edit event' }),
  ).toBeFocused();

  // Escape cancels.
  await page.keyboard.press('Enter');
  await page.keyboard.type(' (cancelled)');
  await page.keyboard.press('Escape');
  await expect(events).toHaveText(['Holiday', 'Daily standup @ 09:45']);

  await page.reload();
  await expect(events).toHaveText(['Holiday', 'Daily standup @ 09:45']);

  // Another date: the event leaves this day's list.
  await events.filter({ hasText: 'Holiday' }).getByRole('button', { name: 'Edit event' }).click();
  await page
    .getByRole('form', { name: 'Edit event: Holiday' })
    .getByLabel('Date')
    .fill('2031-01-01');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(events).toHaveText(['Daily standup @ 09:45']);
  const moved = await request.get('/api/calendar/events/?date=2031-01-01', {
    headers: { authorization: `Bearer ${account.access}` },
  });
  expect((await moved.json()).map((e: { title: string }) => e.title)).toEqual(['Holiday']);
});
