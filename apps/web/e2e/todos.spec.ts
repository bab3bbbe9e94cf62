import { apiAs, expect, test } from './fixtures';

test('to-dos: create with and without dates, order, toggle by checkbox and by text, delete', async ({
  authedPage: page,
}) => {
  await page.goto('/todo');
  await expect(page.getByRole('heading', { level: 1, name: 'My To-Do List' })).toBeVisible();
  await expect(page.getByText('Page 1 of 1')).toBeVisible();
  await expect(page.getByLabel('Priority', { exact: true })).toHaveValue('M');

  const task = page.getByLabel('Task', { exact: true });
  const due = page.getByLabel('Due Date');
  const add = async (name: string, date: string, priority: 'Low' | 'Medium' | 'High') => {
    await task.fill(name);
    if (date) await due.fill(date);
    await page.getByLabel('Priority', { exact: true }).selectOption({ label: priority });
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('region', { name: 'Tasks' }).getByText(name)).toBeVisible();
    await expect(task).toHaveValue('');
  };

  // A blank task is not sent.
  await task.fill('   ');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Please enter a task.')).toBeVisible();

  await add('No date, added first', '', 'Low');
  await add('Due at Christmas', '2030-12-25', 'High');
  await add('No date, added last', '', 'Medium');
  await add('Due in spring', '2030-04-01', 'Medium');

  const items = page.getByRole('region', { name: 'Tasks' }).getByRole('listitem');
  // Due date ascending, undated last (newest first among them).
  await expect(items).toHaveText([
    /Due in spring\s*Due: 4\/1\/2030\s*Priority: M/,
    /Due at Christmas\s*Due: 12\/25\/2030\s*Priority: H/,
    /No date, added last\s*Priority: M/,
    /No date, added first\s*Priority: L/,
  ]);
  await expect(items.nth(2)).not.toContainText('Due:');

  // Toggle by the checkbox.
  const spring = items.filter({ hasText: 'Due in spring' });
  const springBox = spring.getByRole('checkbox');
  await expect(springBox).not.toBeChecked();
  const patched = page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && r.url().includes('/api/todos/'),
  );
  const reloaded = page.waitForResponse(
    (r) => r.request().method() === 'GET' && r.url().includes('/api/todos/?'),
  );
  await springBox.click();
  expect((await patched).request().postDataJSON()).toEqual({ completed: true });
  await reloaded; // the list is reloaded afterwards
  await expect(springBox).toBeChecked();

  // Toggle by clicking the text of the item; and back again.
  const christmas = items.filter({ hasText: 'Due at Christmas' });
  await christmas.getByText('Due at Christmas').click();
  await expect(christmas.getByRole('checkbox')).toBeChecked();
  // The item shows the new state at once and ignores clicks while it saves: wait for that.
  await expect(christmas.getByRole('checkbox')).not.toHaveAttribute('aria-busy', 'true');
  await christmas.getByText('Priority: H').click();
  await expect(christmas.getByRole('checkbox')).not.toBeChecked();

  // Survives a reload (it is the server's state).
  await page.reload();
  await expect(items.filter({ hasText: 'Due in spring' }).getByRole('checkbox')).toBeChecked();

  // Delete.
  await items
    .filter({ hasText: 'No date, added first' })
    .getByRole('button', { name: 'Delete task' })
    .click();
  await expect(items).toHaveCount(3);
  await expect(page.getByText('No date, added first')).toHaveCount(0);
});

test('to-dos: ten per page, sorted across pages', async ({
  authedPage: page,
  account,
  request,
}) => {
  const api = apiAs(account, request);
  // Created out of order; the list is in due-date order across both pages.
  for (const day of [12, 3, 25, 7, 18, 1, 30, 9, 14, 21]) {
    await api.createTodo(`Day ${day}`, `2031-01-${String(day).padStart(2, '0')}`);
  }
  await api.createTodo('Someday', null);

  await page.goto('/todo');
  const items = page.getByRole('region', { name: 'Tasks' }).getByRole('listitem');
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await expect(items).toHaveCount(10);
  await expect(items.first()).toContainText('Day 1');
  await expect(items.last()).toContainText('Day 30');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(items).toHaveText([/Someday/]);
});
