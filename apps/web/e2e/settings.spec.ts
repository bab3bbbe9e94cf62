import { expect, PASSWORD, test, uniqueName } from './fixtures';

test('settings: username change, wrong current password, weak new password, success', async ({
  authedPage: page,
  account,
  request,
}) => {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  const username = page.getByLabel('New Username');
  await expect(username).toHaveValue(account.username);
  const current = page.getByLabel('Current Password');
  const fresh = page.getByLabel('New Password (optional)');
  const save = page.getByRole('button', { name: 'Save Changes' });
  const message = page.locator('.form-message[role="status"]');

  // Username only (a blank new password keeps the current one).
  const renamed = uniqueName('renamed');
  await username.fill(renamed);
  await current.fill(account.password);
  await save.click();
  await expect(message).toHaveText('Settings updated successfully.');
  await expect(message).toHaveCSS('color', /rgb\(30, 107, 58\)|rgb\(147, 226, 177\)/);
  await expect(current).toHaveValue('');

  // Wrong current password: the server's messages, in red.
  await current.fill('Wrong!Pass9');
  await save.click();
  await expect(message).toHaveText('Current password is incorrect.');
  await expect(message).toHaveClass(/error/);

  // The live strength label: 2 or fewer criteria Weak, 3 Medium, 4 or more Strong.
  await fresh.fill('weak');
  await expect(page.getByText('Strength: Weak')).toBeVisible();
  await fresh.fill('weakpass1');
  await expect(page.getByText('Strength: Medium')).toBeVisible();
  await fresh.fill('Weakpass1');
  await expect(page.getByText('Strength: Strong')).toBeVisible();

  // Weak per the server (no symbol), and a wrong current password: both messages, joined.
  await current.fill('Wrong!Pass9');
  await save.click();
  await expect(message).toHaveText(
    'Current password is incorrect. Password must be at least 8 characters and include upper/lowercase, number, and symbol.',
  );

  // The same account signed in elsewhere (another session, ADR 0417).
  const elsewhere = await request.post('/api/token/', {
    data: { username: renamed, password: account.password },
  });
  expect(elsewhere.status()).toBe(200);
  const otherAccess = ((await elsewhere.json()) as { access: string }).access;

  // Success with a new password; the fresh tokens from the answer keep the session alive.
  const before = await page.evaluate(() => localStorage.getItem('access'));
  await current.fill(account.password);
  await fresh.fill('N3w!Passw0rd');
  await save.click();
  await expect(message).toHaveText('Settings updated successfully.');
  const after = await page.evaluate(() => localStorage.getItem('access'));
  expect(after).not.toBe(before);
  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('heading', { name: `Welcome, ${renamed}!` })).toBeVisible();

  // The other session's token is revoked; this session's old token still works (ADR 0417:
  // the session that changed the password goes on); the new password signs in.
  const old = await request.get('/api/user/', {
    headers: { authorization: `Bearer ${otherAccess}` },
  });
  expect(old.status()).toBe(401);
  const same = await request.get('/api/user/', { headers: { authorization: `Bearer ${before}` } });
  expect(same.status()).toBe(200);
  const login = await request.post('/api/token/', {
    data: { username: renamed, password: 'N3w!Passw0rd' },
  });
  expect(login.status()).toBe(200);
});

test('settings: the form names what the server refuses, counting letters of every script', async ({
  authedPage: page,
  account,
  request,
}) => {
  await page.goto('/settings');
  const current = page.getByLabel('Current Password');
  const fresh = page.getByLabel('New Password (optional)');
  const save = page.getByRole('button', { name: 'Save Changes' });
  const message = page.locator('.form-message[role="status"]');
  const refused =
    'Password must be at least 8 characters and include upper/lowercase, number, and symbol.';

  await fresh.fill('weak');
  await expect(page.getByText('Strength: Weak')).toBeVisible();
  await expect(
    page.getByText('Missing: 8+ characters, an upper-case letter, a number, and a symbol'),
  ).toBeVisible();

  // Four criteria: 'Strong' by the spec's thresholds, yet the server wants all five. The form
  // says which one is missing before submit, in the field's description.
  for (const pw of ['Abcdefg1', 'ÄÖÜäöü12']) {
    await fresh.fill(pw);
    await expect(page.getByText('Strength: Strong')).toBeVisible();
    await expect(page.getByText('Missing: a symbol')).toBeVisible();
    await expect(fresh).toHaveAccessibleDescription('Strength: Strong Missing: a symbol');
    await current.fill(account.password);
    await save.click();
    await expect(message).toHaveText(refused);
  }

  // With a symbol, nothing is missing and the server takes it: ÄÖÜ are letters on both sides.
  await fresh.fill('ÄÖÜäöü1!');
  await expect(page.getByText('Strength: Strong')).toBeVisible();
  await expect(page.getByText(/^Missing:/)).toHaveCount(0);
  await current.fill(account.password);
  await save.click();
  await expect(message).toHaveText('Settings updated successfully.');
  const login = await request.post('/api/token/', {
    data: { username: account.username, password: 'ÄÖÜäöü1!' },
  });
  expect(login.status()).toBe(200);
});

test('danger zone: password required, wrong password, then delete → /register', async ({
  authedPage: page,
  account,
  request,
}) => {
  await page.goto('/settings');
  const zone = page.getByRole('region', { name: 'Danger Zone' });
  const remove = zone.getByRole('button', { name: 'Delete Account' });

  await remove.click();
  await expect(zone.getByText('Please enter your password.')).toBeVisible();

  await zone.getByLabel('Password').fill('Wrong!Pass9');
  await remove.click();
  await expect(zone.getByText('Incorrect password.')).toBeVisible();

  await zone.getByLabel('Password').fill(PASSWORD);
  await remove.click();
  await expect(page.getByRole('status').filter({ hasText: 'Account deleted.' })).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
  // The real tokens are gone (the original removed a key named 'accessToken').
  expect(
    await page.evaluate(() => [localStorage.getItem('access'), localStorage.getItem('refresh')]),
  ).toEqual([null, null]);
  const login = await request.post('/api/token/', {
    data: { username: account.username, password: PASSWORD },
  });
  expect(login.status()).toBe(401);
});
