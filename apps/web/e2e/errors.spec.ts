import { apiAs, expect, failApi, test } from './fixtures';

/** Every error text the original app shows for a failed call (and the to-do failures it leaves unhandled), by fault injection. */

const toast = (page: import('@playwright/test').Page, text: string) =>
  page.getByRole('status').filter({ hasText: text });

test.describe('login and register', () => {
  test("login: any failure but a 401 is 'Something went wrong.'", async ({ page }) => {
    await failApi(page, 'POST', '/api/token/', { status: 500, body: null });
    await page.goto('/login');
    await page.getByLabel('Username').fill('someone');
    await page.getByLabel('Password').fill('Whatever1!');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText('Something went wrong.');
  });

  test("login: a 401 is 'Invalid username or password.'", async ({ page }) => {
    await failApi(page, 'POST', '/api/token/', {
      status: 401,
      body: { detail: 'No active account found with the given credentials' },
    });
    await page.goto('/login');
    await page.getByLabel('Username').fill('someone');
    await page.getByLabel('Password').fill('Whatever1!');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid username or password.');
  });

  test("register: 'Registration failed.' alone when the server gives no reason", async ({
    page,
  }) => {
    await failApi(page, 'POST', '/api/user/register/', { status: 500, body: null });
    await page.goto('/register');
    await page.getByLabel('Username').fill('someone_new');
    await page.getByLabel('Password').fill('Str0ng!Pass1');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('alert')).toHaveText('Registration failed.');
  });

  test("register: 'Registration failed.' followed by the server's reason", async ({ page }) => {
    await failApi(page, 'POST', '/api/user/register/', {
      status: 400,
      body: { username: ['A user with that username already exists.'] },
    });
    await page.goto('/register');
    await page.getByLabel('Username').fill('someone_new');
    await page.getByLabel('Password').fill('Str0ng!Pass1');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Registration failed. A user with that username already exists.',
    );
  });
});

test.describe('home', () => {
  test("the name is 'User' when the user load fails", async ({ authedPage: page }) => {
    await failApi(page, 'GET', '/api/user/', { status: 500, body: null });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Welcome, User!' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  });
});

test.describe('notes', () => {
  test('a load error is announced and the form stays usable', async ({ authedPage: page }) => {
    await failApi(page, 'GET', '/api/notes/', { status: 500, body: null });
    await page.goto('/note-history');
    await expect(toast(page, 'Failed to load notes.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(page.getByLabel('Title')).toBeEditable();

    // Once the API is back, Try again loads the list.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText('Page 1 of 1')).toBeVisible();
  });

  test("create: 'Failed to create note.' (and the form keeps its text)", async ({
    authedPage: page,
  }) => {
    await failApi(page, 'POST', '/api/notes/', { status: 500, body: null });
    await page.goto('/note-history');
    await page.getByLabel('Title').fill('Keep me');
    await page.getByLabel('Content').fill('Some text');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(toast(page, 'Failed to create note.')).toBeVisible();
    await expect(page.getByLabel('Title')).toHaveValue('Keep me');
  });

  test("delete: 'Failed to delete note.'; summarize: 'Failed to summarize note.'", async ({
    authedPage: page,
    account,
    request,
  }) => {
    await apiAs(account, request).createNote('A note', 'Its content.');
    await failApi(page, 'DELETE', /^\/api\/notes\/delete\/\d+\/$/, { status: 500, body: null });
    await failApi(page, 'POST', /^\/api\/notes\/\d+\/summarize\/$/, {
      status: 503,
      body: { detail: 'The summarizer is unavailable.' },
    });
    await page.goto('/note-history');
    await page.getByRole('button', { name: 'Delete note' }).click();
    await expect(toast(page, 'Failed to delete note.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'A note' })).toBeVisible();
    await page.getByRole('button', { name: 'Summarize' }).click();
    await expect(toast(page, 'Failed to summarize note.')).toBeVisible();
    await expect(page.getByText('Summary:')).toHaveCount(0);
  });
});

test.describe('to-dos', () => {
  test("'Error loading todos'", async ({ authedPage: page }) => {
    await failApi(page, 'GET', '/api/todos/', { status: 500, body: null });
    await page.goto('/todo');
    await expect(toast(page, 'Error loading todos')).toBeVisible();
    await expect(page.getByLabel('Task', { exact: true })).toBeEditable();
  });

  test("'Failed to add task'", async ({ authedPage: page }) => {
    await failApi(page, 'POST', '/api/todos/', { status: 400, body: { task: ['Bad.'] } });
    await page.goto('/todo');
    await page.getByLabel('Task', { exact: true }).fill('Buy milk');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(toast(page, 'Failed to add task')).toBeVisible();
  });

  test('toggle and delete failures are shown too', async ({
    authedPage: page,
    account,
    request,
  }) => {
    await apiAs(account, request).createTodo('Water the plants', null);
    await failApi(page, 'PATCH', /^\/api\/todos\/\d+\/$/, { status: 500, body: null });
    await failApi(page, 'DELETE', /^\/api\/todos\/\d+\/$/, { status: 500, body: null });
    await page.goto('/todo');
    const box = page.getByRole('checkbox');
    await box.click();
    await expect(toast(page, 'Failed to update task')).toBeVisible();
    // The list was reloaded: it shows the server's state.
    await expect(box).not.toBeChecked();
    await page.getByRole('button', { name: 'Delete task' }).click();
    await expect(toast(page, 'Failed to delete task')).toBeVisible();
    await expect(page.getByText('Water the plants')).toBeVisible();
  });
});

test.describe('calendar', () => {
  test("'Failed to load events', 'Failed to add event', 'Failed to delete event'", async ({
    authedPage: page,
    account,
    request,
  }) => {
    const loads = await failApi(page, 'GET', '/api/calendar/events/', { status: 500, body: null });
    await page.goto('/calendar');
    await expect(toast(page, 'Failed to load events')).toBeVisible();
    expect(loads.length).toBeGreaterThan(0);

    await page.unrouteAll({ behavior: 'ignoreErrors' });
    const today = await page.evaluate(() => {
      const d = new Date();
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
    });
    await apiAs(account, request).createEvent('Stand-up', today, '09:00');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText('Stand-up @ 09:00')).toBeVisible();

    await failApi(page, 'POST', '/api/calendar/events/', { status: 500, body: null });
    await page.getByLabel('New event title').fill('Lunch');
    await page.getByRole('button', { name: 'Add Event' }).click();
    await expect(toast(page, 'Failed to add event')).toBeVisible();

    await failApi(page, 'DELETE', /^\/api\/calendar\/events\/\d+\/$/, { status: 500, body: null });
    await page.getByRole('button', { name: 'Delete event' }).click();
    await expect(toast(page, 'Failed to delete event')).toBeVisible();
    await expect(page.getByText('Stand-up @ 09:00')).toBeVisible();
  });
});

test.describe('settings', () => {
  test("'Failed to fetch user data'", async ({ authedPage: page }) => {
    await failApi(page, 'GET', '/api/settings/', { status: 500, body: null });
    await page.goto('/settings');
    await expect(page.getByText('Failed to fetch user data')).toBeVisible();
    // The danger zone does not depend on it.
    await expect(page.getByRole('button', { name: 'Delete Account' })).toBeVisible();
  });

  test("every message in the body, joined with spaces; 'Error updating settings.' without one", async ({
    authedPage: page,
  }) => {
    await page.goto('/settings');
    const message = page.locator('.form-message[role="status"]');
    await page.getByLabel('Current Password').fill('Str0ng!Pass1');

    await failApi(page, 'PUT', '/api/settings/', {
      status: 400,
      body: {
        username: ['A user with that username already exists.'],
        new_password: ['Too weak.'],
      },
    });
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(message).toHaveText('A user with that username already exists. Too weak.');
    await expect(message).toHaveClass(/error/);

    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await failApi(page, 'PUT', '/api/settings/', { status: 500, body: null });
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(message).toHaveText('Error updating settings.');
  });

  test("delete account: the response's detail, or 'Error deleting account.'", async ({
    authedPage: page,
  }) => {
    await page.goto('/settings');
    const zone = page.getByRole('region', { name: 'Danger Zone' });
    await zone.getByLabel('Password').fill('anything');

    await failApi(page, 'POST', '/api/delete-account/', {
      status: 400,
      body: { detail: 'Incorrect password.' },
    });
    await zone.getByRole('button', { name: 'Delete Account' }).click();
    await expect(zone.getByText('Incorrect password.')).toBeVisible();

    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await failApi(page, 'POST', '/api/delete-account/', { status: 500, body: null });
    await zone.getByRole('button', { name: 'Delete Account' }).click();
    await expect(zone.getByText('Error deleting account.')).toBeVisible();
    await expect(page).toHaveURL(/\/settings$/);
  });
});
