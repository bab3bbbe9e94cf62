import { expectAxeClean } from './axe';
import { expect, test } from './fixtures';

/**
 * Passkeys in Chromium with its virtual authenticator (DevTools protocol: an internal, resident
 * key, user-verifying device). The relying party is PUBLIC_URL's host, `localhost` by default,
 * and WebAuthn refuses IP addresses: this test browses http://localhost:<port>.
 */
test('passkeys: add one in Settings, sign out, sign in with it; removed, it signs in no more', async ({
  page,
  account,
}) => {
  const origin = `http://localhost:${process.env.E2E_PORT}`;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  // Chromium's virtual authenticator answers a conditional (autofill) request at once, so the
  // steps that test the button turn autofill off for the page (sessionStorage survives /logout).
  await page.addInitScript(() => {
    if (sessionStorage.getItem('no-autofill') && window.PublicKeyCredential) {
      PublicKeyCredential.isConditionalMediationAvailable = async () => false;
    }
  });
  const autofill = (on: boolean) =>
    page.evaluate((off) => {
      if (off) sessionStorage.setItem('no-autofill', '1');
      else sessionStorage.removeItem('no-autofill');
    }, !on);

  const signInWithPassword = async () => {
    await page.goto(`${origin}/login`);
    // The browser may offer passkeys in the username field's autofill.
    await expect(page.getByLabel('Username')).toHaveAttribute('autocomplete', 'username webauthn');
    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/$/);
  };

  await signInWithPassword();
  await page.goto(`${origin}/settings`);
  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section).toContainText('No passkeys yet.');
  await section.getByLabel('Passkey name').fill('Virtual device');
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  const list = section.getByRole('list', { name: 'Passkeys' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Virtual device');
  await expect(list).toContainText('never used');
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);
  await expectAxeClean(page, 'settings with a passkey');

  // Signed out, no username or password: the passkey alone, by the button...
  await page.goto(`${origin}/logout`);
  await autofill(false);
  await page.goto(`${origin}/login`);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${account.username}!` })).toBeVisible();

  // ...and picked in the username field's autofill (the virtual authenticator picks at once).
  await page.goto(`${origin}/logout`);
  await autofill(true);
  await page.goto(`${origin}/login`);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${account.username}!` })).toBeVisible();
  await autofill(false);

  await page.goto(`${origin}/settings`);
  await expect(list).not.toContainText('never used');
  await expect(page.getByRole('list', { name: 'Signed-in devices' })).toContainText(
    'signed in with passkey',
  );
  await list.getByRole('button', { name: 'Remove passkey Virtual device' }).click();
  await expect(section).toContainText('No passkeys yet.');

  // The authenticator still holds the key, but the server no longer knows it.
  await page.goto(`${origin}/logout`);
  await page.goto(`${origin}/login`);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('alert')).toHaveText('Sign-in with a passkey did not work.');
  await expect(page).toHaveURL(/\/login$/);
});
