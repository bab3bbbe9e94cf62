import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client';

/*
 * The factory's own logic (bearer on signed-in routes, one renewal and retry after a 401)
 * against a scripted fetch. consumer-test/ runs the built package against the real API.
 */

type Call = { url: string; auth: string | null };

function scriptFetch(answer: (call: Call) => Response | Promise<Response>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const call = { url, auth: new Headers(init.headers).get('authorization') };
    calls.push(call);
    return answer(call);
  });
  return calls;
}

function json(status: number, body: unknown): Response {
  return Response.json(body, { status });
}

const refused = () => json(401, { detail: 'Given token not valid for any token type' });
const me = () => json(200, { username: 'alice', email: '' });

afterEach(() => vi.unstubAllGlobals());

describe('createApiClient', () => {
  it('sends the token, read before each request, on signed-in routes only', async () => {
    let token = 'A1';
    const calls = scriptFetch((call) =>
      call.url.endsWith('/api/user/') ? me() : json(200, { message: 'ok' }),
    );
    const client = createApiClient({ baseUrl: 'http://api.test', token: () => token });
    await client.auth.me();
    await client.auth.checkUsername({ body: { username: 'bob' } });
    token = 'A2';
    await client.auth.me();
    expect(calls).toEqual([
      { url: 'http://api.test/api/user/', auth: 'Bearer A1' },
      { url: 'http://api.test/api/user/check-username/', auth: null },
      { url: 'http://api.test/api/user/', auth: 'Bearer A2' },
    ]);
  });

  it('sends no Authorization header without a token', async () => {
    const calls = scriptFetch(refused);
    const client = createApiClient({ baseUrl: '' });
    const res = await client.notes.list();
    expect(res.status).toBe(401);
    expect(calls).toEqual([{ url: '/api/notes/', auth: null }]);
  });

  it('retries a 401 once with a renewed token', async () => {
    let token = 'OLD';
    const renewToken = vi.fn(async () => {
      token = 'NEW';
      return token;
    });
    const onUnauthorized = vi.fn();
    const calls = scriptFetch((call) => (call.auth === 'Bearer NEW' ? me() : refused()));
    const client = createApiClient({ baseUrl: '', token: () => token, renewToken, onUnauthorized });
    const res = await client.auth.me();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ username: 'alice', email: '' });
    expect(calls.map((c) => c.auth)).toEqual(['Bearer OLD', 'Bearer NEW']);
    expect(renewToken).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('retries with a token another request renewed meanwhile, without renewing again', async () => {
    let token = 'OLD';
    const renewToken = vi.fn(async () => 'NEVER');
    const calls = scriptFetch((call) => {
      if (call.auth === 'Bearer NEW') return me();
      token = 'NEW'; // as if a parallel request had renewed it while this one was refused
      return refused();
    });
    const client = createApiClient({ baseUrl: '', token: () => token, renewToken });
    const res = await client.auth.me();
    expect(res.status).toBe(200);
    expect(calls.map((c) => c.auth)).toEqual(['Bearer OLD', 'Bearer NEW']);
    expect(renewToken).not.toHaveBeenCalled();
  });

  it('gives the 401 back and calls onUnauthorized when no token can be renewed', async () => {
    const onUnauthorized = vi.fn();
    const calls = scriptFetch(refused);
    const client = createApiClient({
      baseUrl: '',
      token: () => 'OLD',
      renewToken: async () => undefined,
      onUnauthorized,
    });
    const res = await client.todos.list();
    expect(res.status).toBe(401);
    expect(calls).toHaveLength(1);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('calls onUnauthorized when the retry is refused too, and lets it end the call', async () => {
    const calls = scriptFetch(refused);
    const client = createApiClient({
      baseUrl: '',
      token: () => 'OLD',
      renewToken: async () => 'NEW',
      onUnauthorized: () => {
        throw new Error('session over');
      },
    });
    await expect(client.events.list()).rejects.toThrow('session over');
    expect(calls.map((c) => c.auth)).toEqual(['Bearer OLD', 'Bearer NEW']);
  });

  it('leaves a 401 of a public route (a wrong password) alone', async () => {
    const renewToken = vi.fn(async () => 'NEW');
    const onUnauthorized = vi.fn();
    const calls = scriptFetch(() => json(401, { detail: 'No active account found' }));
    const client = createApiClient({ baseUrl: '', token: () => 'T', renewToken, onUnauthorized });
    const res = await client.auth.login({ body: { username: 'a', password: 'b' } });
    expect(res.status).toBe(401);
    expect(calls).toEqual([{ url: '/api/token/', auth: null }]);
    expect(renewToken).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
