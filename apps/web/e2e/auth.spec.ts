import { expect, PASSWORD, test, uniqueName } from './fixtures';

test.describe('register and login', () => {
  test('register → login → home, with live username and strength feedback', async ({ page }) => {
    const username = uniqueName('reg');
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Register' })).toBeVisible();

    await page.getByLabel('Username').fill(username);
    await expect(page.getByText('Username available')).toBeVisible();

    const password = page.getByLabel('Password');
    await password.fill('weakpass');
    await expect(
      page.getByText('Weak: Use 8+ chars, upper/lowercase, number, and symbol'),
    ).toBeVisible();
    await password.fill(PASSWORD);
    await expect(page.getByText('Strong', { exact: true })).toBeVisible();

    // The loading indicator while the request is in flight.
    await page.route('**/api/user/register/', async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    const submit = page.getByRole('button', { name: 'Register' });
    await submit.click();
    await expect(submit).toHaveAttribute('aria-busy', 'true');
    await expect(page).toHaveURL(/\/login$/);
    await expect(
      page.getByRole('status').filter({ hasText: 'Registration successful' }),
    ).toBeVisible();

    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: `Welcome, ${username}!` })).toBeVisible();
    const stored = await page.evaluate(() => [
      localStorage.getItem('access'),
      localStorage.getItem('refresh'),
    ]);
    expect(stored[0]).toMatch(/^ey/);
    expect(stored[1]).toMatch(/^ey/);
  });

  test('the username check waits 500 ms, skips short names, and blocks a taken name', async ({
    page,
    account,
  }) => {
    const checks: string[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/api/user/check-username/')) {
        checks.push((req.postDataJSON() as { username: string }).username);
      }
    });
    await page.goto('/register');
    const name = page.getByLabel('Username');

    await name.fill(account.username.slice(0, 2));
    await page.waitForTimeout(800);
    expect(checks).toEqual([]);

    // Typing in quick succession sends one check, for the final name.
    await name.pressSequentially(account.username.slice(2), { delay: 40 });
    await expect(page.getByText('Username is taken')).toBeVisible();
    expect(checks).toEqual([account.username]);
    await expect(page.getByRole('button', { name: 'Register' })).toBeDisabled();

    // Case does not make a name free (the API compares case-insensitively).
    await name.fill(account.username.toUpperCase());
    await expect(page.getByText('Username is taken')).toBeVisible();

    await name.fill(uniqueName('free'));
    await expect(page.getByText('Username available')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Register' })).toBeEnabled();
  });

  test("a rejected registration shows 'Registration failed.' and the server's reason", async ({
    page,
  }) => {
    await page.goto('/register');
    await page.getByLabel('Username').fill(uniqueName('short'));
    await page.getByLabel('Password').fill('Ab1!');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Registration failed. This password is too short. It must contain at least 8 characters.',
    );
    await expect(page).toHaveURL(/\/register$/);
  });

  test('register counts letters of every script as the server does, and names a missing length', async ({
    page,
    request,
  }) => {
    await page.goto('/register');
    const password = page.getByLabel('Password');
    const weak = 'Weak: Use 8+ chars, upper/lowercase, number, and symbol';

    // Too short: the server would refuse it, so the form says why before submit, and the
    // field's description carries it to a screen reader.
    await password.fill('Ab1!');
    await expect(page.getByText(weak)).toBeVisible();
    await expect(page.getByText('Missing: 8+ characters')).toBeVisible();
    await expect(password).toHaveAccessibleDescription(`${weak} Missing: 8+ characters`);

    // No symbol: 'Weak' by the spec's register rule, but long enough, so the server takes it.
    for (const pw of ['Abcdefg1', 'ÄÖÜäöü12']) {
      await password.fill(pw);
      await expect(page.getByText(weak)).toBeVisible();
      await expect(page.getByText(/^Missing:/)).toHaveCount(0);
    }
    await password.fill('ÄÖÜäöü1!');
    await expect(page.getByText('Strong', { exact: true })).toBeVisible();

    for (const pw of ['Abcdefg1', 'ÄÖÜäöü12']) {
      const username = uniqueName('uni');
      await page.goto('/register');
      await page.getByLabel('Username').fill(username);
      await expect(page.getByText('Username available')).toBeVisible();
      await page.getByLabel('Password').fill(pw);
      await page.getByRole('button', { name: 'Register' }).click();
      await expect(page).toHaveURL(/\/login$/);
      const login = await request.post('/api/token/', { data: { username, password: pw } });
      expect(login.status()).toBe(200);
    }
  });

  test("a wrong password shows 'Invalid username or password.'", async ({ page, account }) => {
    await page.goto('/login');
    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Password').fill('Wrong!Pass1');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid username or password.');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('visiting /register clears local storage', async ({ authedPage: page }) => {
    await page.evaluate(() => localStorage.setItem('something', 'else'));
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Register' })).toBeVisible();
    // Signed in, it asks first (issue 19, ADR 0517); once answered, everything is cleared.
    await page.getByRole('button', { name: 'Sign out and register' }).click();
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
  });

  test('visiting /register signed out clears local storage without asking', async ({ page }) => {
    await page.goto('/favicon.svg');
    await page.evaluate(() => localStorage.setItem('something', 'else'));
    await page.goto('/register');
    await expect(page.getByRole('button', { name: 'Register' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
  });

  test('Logout clears local storage and goes to /landing', async ({
    authedPage: page,
    account,
  }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { name: `Welcome, ${account.username}!` }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/landing$/);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();

    // And /logout itself does the same.
    await page.evaluate(() => localStorage.setItem('access', 'x'));
    await page.goto('/logout');
    await expect(page).toHaveURL(/\/landing$/);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
  });

  test("'← Back to Home' leads to / (and on to /landing when signed out)", async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: '← Back to Home' }).click();
    await expect(page).toHaveURL(/\/landing$/);
    await page.goto('/register');
    await page.getByRole('link', { name: '← Back to Home' }).click();
    await expect(page).toHaveURL(/\/landing$/);
  });

  test('any other path is the 404 page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: '404 Not Found' })).toBeVisible();
    await expect(page.getByText("The page you're looking for doesn't exist!")).toBeVisible();
  });
});
