import { DRF } from '@prodify/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app';
import { drfShapeProblem } from './support';

/**
 * The inputs the fuzzer (fuzz.test.ts) found answered with a 5xx or a body that was not
 * DRF-shaped, kept as plain regression tests on both databases.
 */
const ctx = useTestApp();

describe('URLs the router cannot decode', () => {
  it('answer a DRF-shaped 400 or 414, not Fastify’s own body', async () => {
    const alice = await ctx.signUp();
    const cases: Array<[string, string, number, string]> = [
      ['GET', '/api/todos/%/', 400, 'Bad request.'],
      ['DELETE', '/api/notes/delete/%E0%A4%A/', 400, 'Bad request.'],
      ['GET', '/api/calendar/events/%ZZ/', 400, 'Bad request.'],
      ['GET', `/api/todos/${'9'.repeat(250)}/`, 414, 'Request URI is too long.'],
    ];
    for (const [method, url, status, text] of cases) {
      const res = await ctx.request(method as 'GET', url, { headers: alice.auth });
      expect(res.statusCode, url).toBe(status);
      expect(res.json(), url).toEqual({ detail: text });
      expect(drfShapeProblem(res)).toBeUndefined();
    }
  });

  it('carry the same security headers as every other answer (no hook runs for them)', async () => {
    const normal = await ctx.request('GET', '/api/todos/1/');
    const early = await ctx.request('GET', '/api/todos/%/');
    expect(early.statusCode).toBe(400);
    const security = (res: typeof normal) =>
      Object.fromEntries(
        Object.entries(res.headers).filter(([name]) =>
          /^(x-(?!request-id)|cross-origin|content-security|referrer|origin-agent)/.test(name),
        ),
      );
    expect(security(normal)['x-content-type-options']).toBe('nosniff');
    expect(security(early)).toEqual(security(normal));
    expect(early.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('NUL characters', () => {
  it('are refused by check-username (Postgres cannot compare text holding one)', async () => {
    for (const username of ['\u0000', 'ali\u0000ce']) {
      const res = await ctx.request('POST', '/api/user/check-username/', { body: { username } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ username: [DRF.nullCharacters] });
    }
  });
});

describe('lone surrogates (\\uD800-\\uDFFF escapes no UTF-8 can hold)', () => {
  it('become U+FFFD on both databases, as the pg driver writes them, instead of a 500', async () => {
    const alice = await ctx.signUp();
    const raw = (url: string, json: string) =>
      ctx.app.inject({
        method: 'POST',
        url,
        headers: { ...alice.auth, 'content-type': 'application/json' },
        payload: json,
      });
    const note = await raw(
      '/api/notes/',
      '{"title":"\\udc00\\udc00","content":"a\\ud800b \\ud83d\\ude00"}',
    );
    expect(note.statusCode).toBe(201);
    expect(note.json()).toMatchObject({ title: '\ufffd\ufffd', content: 'a\ufffdb 😀' });
    const login = await raw('/api/token/', '{"username":"\\udc00\\udc00","password":" "}');
    expect(login.statusCode).toBe(401);
    const check = await raw('/api/user/check-username/', '{"username":"x\\udbff"}');
    expect(check.statusCode).toBe(200);
    // Keys too, and deep inside: nothing in a parsed body is left malformed.
    const deep = await raw(
      '/api/todos/',
      `{"task":"t","\\ud800":1,"x":${'['.repeat(5000)}"\\udfff"${']'.repeat(5000)}}`,
    );
    expect(deep.statusCode).toBe(201);
    const todo = await ctx.request('GET', `/api/todos/${deep.json().id}/`, { headers: alice.auth });
    expect(todo.json().task).toBe('t');
  });
});

describe('Host headers', () => {
  it('that cannot make a page link answer 400, not 500', async () => {
    const alice = await ctx.signUp();
    for (let i = 0; i < 3; i++) {
      await ctx.request('POST', '/api/todos/', { body: { task: `t${i}` }, headers: alice.auth });
    }
    for (const url of [
      '/api/todos/?page=1&page_size=2',
      '/api/notes/?page=1',
      '/api/trash/?page=1',
    ]) {
      for (const host of ['a b', 'x:99999', '[::1', 'exa%mple']) {
        const res = await ctx.request('GET', url, { headers: { ...alice.auth, host } });
        expect(res.statusCode, `${url} ${host}`).toBe(400);
        expect(res.json()).toEqual({ detail: 'Invalid Host header.' });
      }
    }
    const ok = await ctx.request('GET', '/api/todos/?page=1&page_size=2', {
      headers: { ...alice.auth, host: 'prodify.example:8000' },
    });
    expect(ok.json().next).toBe('http://prodify.example:8000/api/todos/?page=2&page_size=2');
  });
});

describe('page numbers at the limit', () => {
  it('answer "Invalid page." past the end, whatever offset they make, and 400 beyond the limit', async () => {
    const alice = await ctx.signUp();
    await ctx.request('POST', '/api/notes/', {
      body: { title: 't', content: 'c' },
      headers: alice.auth,
    });
    await ctx.request('POST', '/api/todos/', { body: { task: 't' }, headers: alice.auth });
    for (const list of ['/api/notes/', '/api/todos/', '/api/trash/']) {
      // (2147483647 - 1) * 100 rows to skip: far beyond a 32-bit integer.
      for (const query of [
        'page=2147483647',
        'page=2147483647&page_size=100',
        'page=2&page_size=100',
      ]) {
        const res = await ctx.request('GET', `${list}?${query}`, { headers: alice.auth });
        expect(res.statusCode, `${list}?${query}`).toBe(404);
        expect(res.json()).toEqual({ detail: DRF.invalidPage });
      }
      const beyond = await ctx.request('GET', `${list}?page=2147483648`, { headers: alice.auth });
      expect(beyond.statusCode).toBe(400);
      expect(Object.keys(beyond.json())).toEqual(['page']);
    }
  });
});
