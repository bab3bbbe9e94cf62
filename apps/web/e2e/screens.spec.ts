import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { type Account, apiAs, expect, isoDate, scaled, storeTokens, test } from './fixtures';

/**
 * Every screen at desktop (1280 px) and mobile (360 px) sizes, and desktop dark: an axe audit with no serious or
 * critical violation allowed, and a screenshot in test-results/screenshots/ for review.
 */

const SHOTS = path.resolve(import.meta.dirname, '../test-results/screenshots');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface Finding {
  screen: string;
  id: string;
  impact: string | null | undefined;
  nodes: number;
}

async function audit(page: Page, variant: string, screen: string, findings: Finding[]) {
  // Let entry transitions finish so colours are final.
  await page.waitForTimeout(250);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${screen}-${variant}.png`), fullPage: true });
  // Nothing is wider than the screen, down to 360 px.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect.soft(overflow, `horizontal overflow on ${screen} (${variant})`).toBeLessThanOrEqual(0);
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  for (const v of results.violations) {
    findings.push({ screen, id: v.id, impact: v.impact, nodes: v.nodes.length });
  }
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect
    .soft(
      serious.map(
        (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
      ),
      `axe on ${screen} (${variant})`,
    )
    .toEqual([]);
}

async function seed(account: Account, request: import('@playwright/test').APIRequestContext) {
  const api = apiAs(account, request);
  const note = await api.createNote(
    'Planning',
    'The quarterly planning meeting moved to Thursday. Maria prepares the budget review. ' +
      'We ship the calendar sync before the holidays.',
  );
  await api.createNote('Groceries', 'Oat milk, apples, coffee beans, basil.');
  // The saved summary, when the summarizer answers (it is part of the notes journey test).
  await request.post(`/api/notes/${note.id}/summarize/`, {
    headers: { authorization: `Bearer ${account.access}` },
  });
  await api.createTodo('Book the dentist', '2030-03-02', 'H');
  await api.createTodo('Water the plants', null, 'L');
  const today = new Date();
  await api.createEvent('Stand-up', isoDate(today), '09:30:00');
  await api.createEvent('Holiday', isoDate(today));
}

const VARIANTS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, colorScheme: 'light' },
  { name: 'mobile', viewport: { width: 360, height: 740 }, colorScheme: 'light' },
  { name: 'desktop-dark', viewport: { width: 1280, height: 800 }, colorScheme: 'dark' },
] as const;

for (const variant of VARIANTS) {
  test.describe(variant.name, () => {
    test.use({ viewport: variant.viewport, colorScheme: variant.colorScheme });

    test(`every screen passes axe, with screenshots (${variant.name})`, async ({
      page,
      account,
      request,
    }, testInfo: TestInfo) => {
      test.setTimeout(scaled(90_000));
      const findings: Finding[] = [];
      const shot = (screen: string) => audit(page, variant.name, screen, findings);

      await page.goto('/landing');
      // The moment the whole name is typed, for the picture.
      await expect(page.getByTestId('typed-title')).toHaveText('Prodify', {
        timeout: scaled(5_000),
      });
      await shot('landing');
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
      await shot('login');
      await page.goto('/register');
      await page.getByLabel('Username').fill(account.username);
      await page.getByLabel('Password').fill('weak');
      await expect(page.getByText('Username is taken')).toBeVisible();
      await shot('register');
      await page.goto('/nowhere');
      await expect(page.getByRole('heading', { name: '404 Not Found' })).toBeVisible();
      await shot('not-found');

      await seed(account, request);
      await storeTokens(page, account);

      await page.goto('/');
      await expect(
        page.getByRole('heading', { name: `Welcome, ${account.username}!` }),
      ).toBeVisible();
      await shot('home');
      if (variant.name === 'mobile') {
        await page.getByRole('button', { name: 'Menu' }).click();
        await expect(page.getByRole('link', { name: 'Settings' })).toBeVisible();
        await shot('menu-open');
      }

      await page.goto('/note-history');
      await expect(page.getByRole('heading', { name: 'Planning' })).toBeVisible();
      await shot('note-history');

      await page.goto('/todo');
      await expect(page.getByText('Book the dentist')).toBeVisible();
      await page.getByText('Water the plants').click();
      await expect(page.getByRole('checkbox', { name: /Water the plants/ })).toBeChecked();
      await shot('todo');

      await page.goto('/calendar');
      await expect(page.getByText('Stand-up @ 09:30')).toBeVisible();
      await shot('calendar');
      await page.locator('.rdp-month_caption button').click();
      await expect(page.getByRole('group', { name: /^Months of / })).toBeVisible();
      await shot('calendar-year');
      await page.locator('.cal-caption').click();
      await expect(page.getByRole('group', { name: /^Years / })).toBeVisible();
      await shot('calendar-decade');
      await page.locator('.cal-caption').click();
      await expect(page.getByRole('group', { name: /^Decades / })).toBeVisible();
      await shot('calendar-century');

      await page.goto('/settings');
      await expect(page.getByLabel('New Username')).toHaveValue(account.username);
      await page.getByLabel('New Password (optional)').fill('abcD1');
      await page.getByRole('region', { name: 'Danger Zone' }).getByRole('button').click();
      await expect(page.getByText('Please enter your password.')).toBeVisible();
      await shot('settings');

      // A summary of every finding, whatever its impact, for the review.
      writeFileSync(
        path.join(SHOTS, `axe-${variant.name}.json`),
        `${JSON.stringify(findings, null, 2)}\n`,
      );
      await testInfo.attach(`axe-${variant.name}`, {
        body: JSON.stringify(findings, null, 2),
        contentType: 'application/json',
      });
    });
  });
}
