import { expectAxeClean } from './axe';
import { expect, test } from './fixtures';
import { authenticator } from './totp';

// Real codes from the secret the page shows; the server accepts each step once (ADR 0430), so
// the journey may wait for the clock's next 30-second step once or twice.
test.setTimeout(180_000);

test('two-factor: set up with the QR code and key, sign in with a code and a recovery code, turn off', async ({
  authedPage: page,
  account,
}) => {
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(section).toContainText('Two-factor sign-in is off.');
  await section.getByRole('button', { name: 'Set up an authenticator app' }).click();

  const qr = section.getByRole('img', { name: 'QR code for your authenticator app' });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const secret = (await section.locator('.totp-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const app = authenticator(secret);
  await expectAxeClean(page, 'two-factor setup');

  const code = section.getByLabel('Authentication code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await code.fill('000000');
  await section.getByRole('button', { name: 'Turn on' }).click();
  await expect(section.getByText('Invalid two-factor code.')).toBeVisible();
  await code.fill(await app.next());
  await section.getByRole('button', { name: 'Turn on' }).click();

  const list = section.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const recovery = await list.getByRole('listitem').allTextContents();
  await expectAxeClean(page, 'recovery codes shown');
  await expect(section.getByRole('button', { name: 'Print' })).toBeVisible();
  const download = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('prodify-recovery-codes.txt');
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section).toContainText('Two-factor sign-in is on');
  await expect(section).toContainText('10 recovery codes left.');
  await expect(list).toHaveCount(0);

  // Sign out; the sign-in asks for the code in a second step.
  await page.goto('/logout');
  await page.goto('/login');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  const second = page.getByLabel('Authentication code');
  await expect(second).toBeFocused();
  await expect(second).toHaveAttribute('inputmode', 'numeric');
  await expect(second).toHaveAttribute('autocomplete', 'one-time-code');
  await expectAxeClean(page, 'sign-in: code step');
  await second.fill('123456');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('That code did not work.');
  await second.fill(await app.next());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${account.username}!` })).toBeVisible();

  // Again, with a recovery code.
  await page.goto('/logout');
  await page.goto('/login');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recovery[0] ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/$/);

  // Settings: one code fewer, and the device says how it signed in; then off.
  await page.goto('/settings');
  await expect(section).toContainText('9 recovery codes left.');
  const devices = page.getByRole('list', { name: 'Signed-in devices' });
  await expect(devices).toContainText('signed in with recovery code');
  await expectAxeClean(page, 'two-factor on');
  await section.getByLabel('Password').fill(account.password);
  await section.getByLabel('Authentication code').fill('000000');
  await section.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
  await expect(section.getByText('Invalid two-factor code.')).toBeVisible();
  await section.getByLabel('Authentication code').fill(await app.next());
  await section.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
  await expect(section).toContainText('Two-factor sign-in is off.');

  // Signing in needs the password alone again.
  await page.goto('/logout');
  await page.goto('/login');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
});
