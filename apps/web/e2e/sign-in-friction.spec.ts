import type { APIRequestContext, Browser } from '@playwright/test';
import { expectAxeClean } from './axe';
import {
  type Account,
  expect,
  expiredAccess,
  PASSWORD,
  storeTokens,
  test,
  uniqueName,
} from './fixtures';

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

for (const { name, width, height } of VIEWPORTS) {
  test(`sign-in: Login and Register link to each other; after registering, Login has the username (${name})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await page.goto('/login');
    await expect(page.getByText('No account yet?')).toBeVisible();
    await expectAxeClean(page, `login (${name})`);
    await page.getByRole('link', { name: 'Register', exact: true }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole('heading', { name: 'Register' })).toBeVisible();
    await page.getByRole('link', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('link', { name: 'Register', exact: true }).click();

    const username = uniqueName('fill');
    await page.getByLabel('Username').fill(username);
    await expect(page.getByText('Username available')).toBeVisible();
    await page.getByLabel('Password').fill(PASSWORD);
    await expectAxeClean(page, `register (${name})`);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('Username')).toHaveValue(username);
    await expect(page.getByLabel('Password')).toBeFocused();
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('heading', { name: `Welcome, ${username}!` })).toBeVisible();
  });
}

/** A second device of `account`: its own browser, signed in through the API. */
async function secondDevice(browser: Browser, request: APIRequestContext, account: Account) {
  const login = await request.post('/api/token/', {
    data: { username: account.username, password: account.password },
  });
  expect(login.status()).toBe(200);
  const context = await browser.newContext();
  const page = await context.newPage();
  const tokens: { access: string; refresh: string } = await login.json();
  return { context, page, tokens };
}

async function endOtherSessions(request: APIRequestContext, account: Account) {
  const ended = await request.post('/api/sessions/end-others/', {
    headers: { authorization: `Bearer ${account.access}` },
  });
  expect(ended.status()).toBe(200);
}

test('sign-in: a device signed out from another one lands on Login, told why (mid-session)', async ({
  browser,
  request,
  account,
}) => {
  const laptop = await secondDevice(browser, request, account);
  await storeTokens(laptop.page, laptop.tokens);
  await laptop.page.goto('/todo');
  await expect(laptop.page.getByRole('heading', { name: 'My To-Do List' })).toBeVisible();

  await endOtherSessions(request, account);
  await laptop.page.getByLabel('Task', { exact: true }).fill('Will not be saved');
  await laptop.page.getByRole('button', { name: 'Submit' }).click();
  await expect(laptop.page).toHaveURL(/\/login$/);
  await expect(
    laptop.page.getByRole('status').filter({ hasText: 'You were signed out from another device.' }),
  ).toBeVisible();
  expect(await laptop.page.evaluate(() => localStorage.getItem('access'))).toBeNull();
  await expectAxeClean(laptop.page, 'login after a remote sign-out');
  await laptop.context.close();
});

test('sign-in: a device signed out from another one lands on Login, told why (on opening)', async ({
  browser,
  request,
  account,
}) => {
  const phone = await secondDevice(browser, request, account);
  await phone.page.setViewportSize({ width: 390, height: 844 });
  // Its access token has run out; the refresh is refused as the session was ended.
  await storeTokens(phone.page, {
    access: expiredAccess(phone.tokens.access),
    refresh: phone.tokens.refresh,
  });
  await endOtherSessions(request, account);
  await phone.page.goto('/');
  await expect(phone.page).toHaveURL(/\/login$/);
  await expect(phone.page.getByText('You were signed out from another device.')).toBeVisible();
  // Asked again, the screen is not there any more: the tokens are gone, so /landing.
  await phone.page.goto('/');
  await expect(phone.page).toHaveURL(/\/landing$/);
  await phone.context.close();
});

for (const { name, width, height } of VIEWPORTS) {
  test(`sign-in: /register while signed in asks before signing out (${name})`, async ({
    authedPage: page,
    account,
  }) => {
    await page.setViewportSize({ width, height });
    await page.goto('/register');
    await expect(page.getByText('You are signed in on this browser.')).toBeVisible();
    await expectAxeClean(page, `register while signed in (${name})`);
    expect(await page.evaluate(() => localStorage.getItem('access'))).toBe(account.access);

    // Staying: still signed in.
    await page.getByRole('link', { name: 'Stay signed in' }).click();
    await expect(
      page.getByRole('heading', { name: `Welcome, ${account.username}!` }),
    ).toBeVisible();

    // Going on: signed out, storage cleared (as the original app does), the form shown.
    await page.goto('/register');
    await page.getByRole('button', { name: 'Sign out and register' }).click();
    await expect(page.getByRole('button', { name: 'Register' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
  });
}
