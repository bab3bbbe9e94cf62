import { expect, PASSWORD, scaled, test, uniqueName } from './fixtures';

/**
 * One user's whole life in the app, through the UI and the real API only: register, login,
 * home, notes, to-dos, calendar, settings, and account deletion back to /register.
 */
test('the whole journey, from registration to account deletion', async ({ page }) => {
  test.setTimeout(scaled(90_000));
  const username = uniqueName('journey');
  const toast = (text: string) => page.getByRole('status').filter({ hasText: text });

  // Landing → Register.
  await page.goto('/landing');
  await page.getByRole('link', { name: 'Register', exact: true }).click();
  await page.getByLabel('Username').fill(username);
  await expect(page.getByText('Username available')).toBeVisible();
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Register' }).click();

  // Login → Home.
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: `Welcome, ${username}!` })).toBeVisible();

  // Notes: two through the form, newest first, summarize, delete. (Paging past ten notes is
  // notes.spec's, with ten seeded and the eleventh through the form.)
  await page.getByRole('link', { name: 'Note Taking' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Note History' })).toBeVisible();
  for (let i = 1; i <= 2; i++) {
    await page.getByLabel('Title').fill(`Journal ${i}`);
    await page
      .getByLabel('Content')
      .fill(`Day ${i}: walked by the river, then wrote for an hour. Tomorrow: call the bank.`);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByLabel('Title')).toHaveValue('');
  }
  const notes = page.getByRole('region', { name: 'Your notes' }).getByRole('listitem');
  await expect(notes.getByRole('heading')).toHaveText(['Journal 2', 'Journal 1']);
  const first = notes.filter({ has: page.getByRole('heading', { name: 'Journal 1' }) });
  await first.getByRole('button', { name: 'Summarize' }).click();
  await expect(first.getByText('Summary:')).toBeVisible();
  await first.getByRole('button', { name: 'Delete note' }).click();
  await expect(toast('Note deleted!')).toBeVisible();
  await expect(notes.getByRole('heading')).toHaveText(['Journal 2']);
  await expect(page.getByText('Page 1 of 1')).toBeVisible();

  // To-dos.
  await page.getByRole('link', { name: 'To-Do List' }).click();
  const task = page.getByLabel('Task', { exact: true });
  await task.fill('Renew passport');
  await page.getByLabel('Due Date').fill('2031-05-01');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(task).toHaveValue('');
  await task.fill('Read a novel');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(task).toHaveValue('');
  await task.fill('File taxes');
  await page.getByLabel('Due Date').fill('2031-04-15');
  await page.getByLabel('Priority', { exact: true }).selectOption('H');
  await page.getByRole('button', { name: 'Submit' }).click();
  const items = page.getByRole('region', { name: 'Tasks' }).getByRole('listitem');
  await expect(items).toHaveText([
    /File taxes\s*Due: 4\/15\/2031\s*Priority: H/,
    /Renew passport\s*Due: 5\/1\/2031\s*Priority: M/,
    /Read a novel\s*Priority: M/,
  ]);
  // click(), not check(): the box turns checked after the server's answer (see paging.spec.ts).
  await items.filter({ hasText: 'File taxes' }).getByRole('checkbox').click();
  await expect(items.filter({ hasText: 'File taxes' }).getByRole('checkbox')).toBeChecked();
  await items.filter({ hasText: 'Read a novel' }).getByText('Read a novel').click();
  await expect(items.filter({ hasText: 'Read a novel' }).getByRole('checkbox')).toBeChecked();
  await items
    .filter({ hasText: 'Renew passport' })
    .getByRole('button', { name: 'Delete task' })
    .click();
  await expect(items).toHaveCount(2);

  // Calendar.
  await page.getByRole('link', { name: 'Calendar' }).click();
  const panel = page.getByRole('region', { name: /^Events on / });
  await expect(panel.getByText('No events.')).toBeVisible();
  await page.getByLabel('New event title').fill('Bank call');
  await page.getByLabel('Time (optional)').fill('10:00');
  await page.getByRole('button', { name: 'Add Event' }).click();
  // The form empties once the event is saved and the day reloaded; typing earlier is lost.
  await expect(page.getByLabel('New event title')).toHaveValue('');
  await page.getByLabel('New event title').fill('Market day');
  await page.getByRole('button', { name: 'Add Event' }).click();
  await expect(panel.getByRole('listitem')).toHaveText(['Market day', 'Bank call @ 10:00']);
  // (Drilling up to the century and back down is calendar.spec's.)
  await panel
    .getByRole('listitem')
    .filter({ hasText: 'Market day' })
    .getByRole('button', { name: 'Delete event' })
    .click();
  await expect(panel.getByRole('listitem')).toHaveText(['Bank call @ 10:00']);

  // Settings: a new name and password.
  await page.getByRole('link', { name: 'Settings' }).click();
  const renamed = `${username}_2`;
  await page.getByLabel('New Username').fill(renamed);
  await page.getByLabel('Current Password').fill('Not!MyPass1');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Current password is incorrect.')).toBeVisible();
  await page.getByLabel('Current Password').fill(PASSWORD);
  await page.getByLabel('New Password (optional)').fill('nosymbol12');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(/^Password must be at least 8 characters/)).toBeVisible();
  await page.getByLabel('Current Password').fill(PASSWORD);
  await page.getByLabel('New Password (optional)').fill('An0ther!Pass');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Settings updated successfully.')).toBeVisible();
  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('heading', { name: `Welcome, ${renamed}!` })).toBeVisible();

  // Delete the account → /register, signed out.
  await page.getByRole('link', { name: 'Settings' }).click();
  const zone = page.getByRole('region', { name: 'Danger Zone' });
  await zone.getByLabel('Password').fill('An0ther!Pass');
  await zone.getByRole('button', { name: 'Delete Account' }).click();
  await expect(toast('Account deleted.')).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/landing$/);
});
