import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { client, expectStatus } from './api';
import { ensureSession } from './auth';
import { ApiError, SessionExpiredError } from './errors';
import { SESSION_EXPIRED_EVENT } from './session-events';

/*
 * The client's own logic (bearer, one refresh, retry, session end) against a scripted fetch.
 * The same paths run against the real API in e2e/guard.spec.ts.
 */

function jwt(exp: number): string {
  const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  return `${part({ alg: 'HS256' })}.${part({ token_type: 'access', exp })}.sig`;
}
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function scriptFetch(handler: Handler) {
  const calls: Array<{ url: string; auth: string | null; body: unknown }> = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    calls.push({
      url,
      auth: headers.get('authorization'),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    return handler(url, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const UNAUTHORIZED = {
  detail: 'Given token not valid for any token type',
  code: 'token_not_valid',
};

describe('the typed client', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('sends the bearer token on signed-in routes only', async () => {
    localStorage.setItem('access', 'A1');
    const calls = scriptFetch((url) =>
      url.endsWith('/api/user/')
        ? json(200, { username: 'alice', email: '' })
        : json(200, { message: 'ok' }),
    );
    await client.auth.me();
    await client.auth.checkUsername({ body: { username: 'bob' } });
    expect(calls.map((c) => [c.url, c.auth])).toEqual([
      ['/api/user/', 'Bearer A1'],
      ['/api/user/check-username/', null],
    ]);
  });

  it('answers a 401 with one refresh and one retry, and keeps the new token', async () => {
    localStorage.setItem('access', 'OLD');
    localStorage.setItem('refresh', 'R');
    const calls = scriptFetch((url, init) => {
      if (url.endsWith('/api/token/refresh/')) return json(200, { access: 'NEW' });
      const auth = new Headers(init.headers).get('authorization');
      return auth === 'Bearer NEW'
        ? json(200, { username: 'alice', email: '' })
        : json(401, UNAUTHORIZED);
    });
    const res = await client.auth.me();
    expect(expectStatus(res, 200)).toEqual({ username: 'alice', email: '' });
    expect(calls.map((c) => [c.url, c.auth])).toEqual([
      ['/api/user/', 'Bearer OLD'],
      ['/api/token/refresh/', null],
      ['/api/user/', 'Bearer NEW'],
    ]);
    expect(calls[1]?.body).toEqual({ refresh: 'R' });
    expect(localStorage.getItem('access')).toBe('NEW');
  });

  it('shares one refresh between calls that fail together', async () => {
    localStorage.setItem('access', 'OLD');
    localStorage.setItem('refresh', 'R');
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls = scriptFetch(async (url, init) => {
      if (url.endsWith('/api/token/refresh/')) {
        await gate;
        return json(200, { access: 'NEW' });
      }
      const auth = new Headers(init.headers).get('authorization');
      return auth === 'Bearer NEW' ? json(200, []) : json(401, UNAUTHORIZED);
    });
    const both = Promise.all([client.notes.list(), client.todos.list()]);
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.url.endsWith('/refresh/'))).toHaveLength(1),
    );
    release();
    const [notes, todos] = await both;
    expect([notes.status, todos.status]).toEqual([200, 200]);
    expect(calls.filter((c) => c.url.endsWith('/api/token/refresh/'))).toHaveLength(1);
  });

  it('ends the session when the refresh is refused', async () => {
    localStorage.setItem('access', 'OLD');
    localStorage.setItem('refresh', 'R');
    scriptFetch((url) =>
      url.endsWith('/api/token/refresh/')
        ? json(401, { detail: 'Token is invalid or expired', code: 'token_not_valid' })
        : json(401, UNAUTHORIZED),
    );
    const ended = vi.fn();
    window.addEventListener(SESSION_EXPIRED_EVENT, ended);
    await expect(client.todos.list()).rejects.toBeInstanceOf(SessionExpiredError);
    window.removeEventListener(SESSION_EXPIRED_EVENT, ended);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('access')).toBeNull();
    expect(localStorage.getItem('refresh')).toBeNull();
  });

  it('leaves a 401 of a public route (a wrong password) to the screen', async () => {
    const calls = scriptFetch(() => json(401, { detail: 'No active account found' }));
    const res = await client.auth.login({ body: { username: 'a', password: 'b' } });
    expect(res.status).toBe(401);
    expect(calls).toHaveLength(1);
    expect(() => expectStatus(res, 200)).toThrow(ApiError);
  });
});

describe('ensureSession (the guard)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('passes a valid access token without a call', async () => {
    localStorage.setItem('access', jwt(inAnHour()));
    const calls = scriptFetch(() => json(500, {}));
    await expect(ensureSession()).resolves.toBe(true);
    expect(calls).toHaveLength(0);
  });

  it('refreshes an expired access token', async () => {
    localStorage.setItem('access', jwt(Math.floor(Date.now() / 1000) - 60));
    localStorage.setItem('refresh', 'R');
    const fresh = jwt(inAnHour());
    scriptFetch(() => json(200, { access: fresh }));
    await expect(ensureSession()).resolves.toBe(true);
    expect(localStorage.getItem('access')).toBe(fresh);
  });

  it('fails without tokens, or when the refresh is refused', async () => {
    const calls = scriptFetch(() => json(401, {}));
    await expect(ensureSession()).resolves.toBe(false);
    expect(calls).toHaveLength(0);
    localStorage.setItem('access', 'garbage');
    localStorage.setItem('refresh', 'R');
    await expect(ensureSession()).resolves.toBe(false);
    expect(calls).toHaveLength(1);
  });
});
