import { createHmac, randomBytes } from 'node:crypto';
import { test as base, expect, type Page, type Request, type Route } from '@playwright/test';

/** A time budget of the reference machine, times this run's slowness (ADR 0204). */
export { scaled } from './slowness';
export { expect };

export const PASSWORD = 'Str0ng!Pass1';

export interface Account {
  username: string;
  password: string;
  access: string;
  refresh: string;
}

/** A username no other test (or worker) will pick. */
export function uniqueName(prefix = 'u'): string {
  return `${prefix}${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
}

function base64url(value: string | Buffer): string {
  return Buffer.from(value).toString('base64url');
}

function decodePayload(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
}

/**
 * A copy of `token` with new claims, signed HS256 with `secret` (the API's, by default).
 * Every other claim (user, token version, jti) is kept, so only what is changed differs.
 */
export function forgeToken(
  token: string,
  claims: Record<string, unknown>,
  secret = process.env.E2E_JWT_SECRET ?? '',
): string {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(JSON.stringify({ ...decodePayload(token), ...claims }));
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

/** An access token that expired a minute ago, still validly signed. */
export function expiredAccess(access: string): string {
  const now = Math.floor(Date.now() / 1000);
  return forgeToken(access, { iat: now - 1860, exp: now - 60 });
}

export function readExp(token: string): number {
  return Number(decodePayload(token).exp);
}

/** Puts tokens in the app's local storage (a same-origin file first, so storage exists). */
export async function storeTokens(page: Page, tokens: { access?: string; refresh?: string }) {
  await page.goto('/favicon.svg');
  await page.evaluate((t) => {
    localStorage.clear();
    if (t.access) localStorage.setItem('access', t.access);
    if (t.refresh) localStorage.setItem('refresh', t.refresh);
  }, tokens);
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Fault {
  status: number;
  /** JSON body; `null` sends an empty body. */
  body?: unknown;
  /** Delay before answering, to observe busy states. */
  delayMs?: number;
}

/**
 * API fault injection: answers `method path` with `fault` instead of the real API. `path` is
 * the route's pathname (a RegExp for ids). Returns the list of intercepted requests.
 */
export async function failApi(page: Page, method: Method, path: string | RegExp, fault: Fault) {
  const seen: Request[] = [];
  await page.route(
    (url) => (typeof path === 'string' ? url.pathname === path : path.test(url.pathname)),
    async (route: Route) => {
      if (route.request().method() !== method) return route.fallback();
      seen.push(route.request());
      if (fault.delayMs) await new Promise((r) => setTimeout(r, fault.delayMs));
      await route.fulfill({
        status: fault.status,
        contentType: 'application/json',
        body: fault.body === null || fault.body === undefined ? '' : JSON.stringify(fault.body),
      });
    },
  );
  return seen;
}

interface Fixtures {
  /** A fresh account, signed up and signed in through the API. */
  account: Account;
  /** `page`, with the account's tokens stored (and nothing loaded yet). */
  authedPage: Page;
}

export const test = base.extend<Fixtures>({
  // Every page fails its test on a CSP violation or an uncaught error.
  page: async ({ page }, use) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      const text = message.text();
      if (/Content[- ]Security[- ]Policy|Refused to (load|apply|execute|connect)/i.test(text)) {
        problems.push(`CSP: ${text}`);
      }
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    await use(page);
    expect(problems, 'CSP violations or uncaught errors in the page').toEqual([]);
  },

  account: async ({ request }, use) => {
    const username = uniqueName();
    const password = PASSWORD;
    const registered = await request.post('/api/user/register/', { data: { username, password } });
    expect(registered.status(), await registered.text()).toBe(201);
    const login = await request.post('/api/token/', { data: { username, password } });
    expect(login.status()).toBe(200);
    const { access, refresh } = (await login.json()) as { access: string; refresh: string };
    await use({ username, password, access, refresh });
  },

  authedPage: async ({ page, account }, use) => {
    await storeTokens(page, account);
    await use(page);
  },
});

/** API helpers for seeding data quickly (the UI paths are tested on their own). */
export function apiAs(account: Account, request: import('@playwright/test').APIRequestContext) {
  const headers = { authorization: `Bearer ${account.access}` };
  return {
    async createNote(title: string, content: string) {
      const res = await request.post('/api/notes/', { headers, data: { title, content } });
      expect(res.status()).toBe(201);
      return res.json();
    },
    async createTodo(task: string, due_date: string | null, priority: 'L' | 'M' | 'H' = 'M') {
      const res = await request.post('/api/todos/', {
        headers,
        data: { task, due_date, priority },
      });
      expect(res.status()).toBe(201);
      return res.json();
    },
    async createEvent(title: string, date: string, time: string | null = null) {
      const res = await request.post('/api/calendar/events/', {
        headers,
        data: { title, date, time },
      });
      expect(res.status()).toBe(201);
      return res.json();
    },
  };
}

/**
 * How the interface writes a `yyyy-mm-dd` day out ("Events on …"): the browser's locale, en-US
 * in these tests ("Friday, November 27, 2026").
 */
export function longDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'full' }).format(new Date(y, m - 1, d));
}

/** The local date of `date` as yyyy-mm-dd (the Node process's zone: for server-side seeds). */
export function isoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
