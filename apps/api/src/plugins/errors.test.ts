import { contract, DRF, type RouteMetadata } from '@prodify/contract';
import { isZodType } from '@ts-rest/core';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/support/app';
import { buildApp } from '../app';
import { flattenRoutes } from '../lib/route-table';

const ctx = useTestApp();

describe('unknown paths and wrong methods', () => {
  it('answers unknown /api paths with a JSON 404', async () => {
    const alice = await ctx.signUp();
    for (const url of ['/api/nope/', '/api', '/api/notes/2/extra/', '/api/todos/1/x']) {
      const res = await ctx.request('GET', url, { headers: alice.auth });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ detail: DRF.notFound });
    }
  });

  it('answers a wrong method with 405 and the Allow header of the path', async () => {
    const alice = await ctx.signUp();
    const cases: Array<[string, string, string]> = [
      ['GET', '/api/user/register/', 'POST, OPTIONS'],
      ['GET', '/api/user/check-username/', 'POST, OPTIONS'],
      ['GET', '/api/token/', 'POST, OPTIONS'],
      ['GET', '/api/token/refresh/', 'POST, OPTIONS'],
      ['POST', '/api/user/', 'GET, HEAD, OPTIONS'],
      ['DELETE', '/api/notes/', 'GET, POST, HEAD, OPTIONS'],
      ['PUT', '/api/notes/', 'GET, POST, HEAD, OPTIONS'],
      ['GET', '/api/notes/delete/2/', 'DELETE, OPTIONS'],
      ['GET', '/api/summarize/', 'POST, OPTIONS'],
      ['POST', '/api/todos/2/', 'GET, PUT, PATCH, DELETE, HEAD, OPTIONS'],
      ['DELETE', '/api/todos/', 'GET, POST, HEAD, OPTIONS'],
      ['PATCH', '/api/calendar/events/6/', 'GET, DELETE, HEAD, OPTIONS'],
      ['PUT', '/api/calendar/events/', 'GET, POST, HEAD, OPTIONS'],
      ['POST', '/api/settings/', 'GET, PUT, PATCH, HEAD, OPTIONS'],
      ['GET', '/api/delete-account/', 'POST, OPTIONS'],
      ['DELETE', '/api/delete-account/', 'POST, OPTIONS'],
      ['DELETE', '/api/token', 'POST, OPTIONS'],
    ];
    for (const [method, url, allow] of cases) {
      const res = await ctx.request(method as 'GET', url, { headers: alice.auth });
      expect(res.statusCode, `${method} ${url}`).toBe(405);
      expect(res.headers.allow).toBe(allow);
      expect(res.body).toBe(`{"detail":"Method \\"${method}\\" not allowed."}`);
    }
  });

  it('answers a plain OPTIONS with the Allow header', async () => {
    const res = await ctx.request('OPTIONS', '/api/todos/');
    expect(res.statusCode).toBe(204);
    expect(res.headers.allow).toBe('GET, POST, HEAD, OPTIONS');
  });

  it('answers HEAD on lists like GET, without a body', async () => {
    const alice = await ctx.signUp();
    const res = await ctx.request('HEAD', '/api/notes/', { headers: alice.auth });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
    expect((await ctx.request('HEAD', '/api/notes/')).statusCode).toBe(401);
  });
});

describe('trailing slashes', () => {
  it('serves every route with and without the slash, without redirects', async () => {
    const alice = await ctx.signUp('alice', 'Str0ng!Pass1');
    const login = await ctx.request('POST', '/api/token', {
      body: { username: 'alice', password: 'Str0ng!Pass1' },
    });
    expect(login.statusCode).toBe(200);
    expect((await ctx.request('GET', '/api/user', { headers: alice.auth })).statusCode).toBe(200);
    const note = await ctx.request('POST', '/api/notes', {
      body: { title: 'x', content: 'y' },
      headers: alice.auth,
    });
    expect(note.statusCode).toBe(201);
    expect((await ctx.request('GET', '/api/notes', { headers: alice.auth })).json()).toHaveLength(
      1,
    );
    const todo = await ctx.request('POST', '/api/todos', {
      body: { task: 't' },
      headers: alice.auth,
    });
    const patched = await ctx.request('PATCH', `/api/todos/${todo.json().id}`, {
      body: { completed: true },
      headers: alice.auth,
    });
    expect(patched.json().completed).toBe(true);
    const events = await ctx.request('GET', '/api/calendar/events?date=2025-07-01', {
      headers: alice.auth,
    });
    expect(events.statusCode).toBe(200);
    const settings = await ctx.request('PUT', '/api/settings', {
      body: { current_password: 'Str0ng!Pass1' },
      headers: alice.auth,
    });
    expect(settings.statusCode).toBe(200);
    const removed = await ctx.request('DELETE', `/api/notes/delete/${note.json().id}`, {
      headers: alice.auth,
    });
    expect(removed.statusCode).toBe(204);
  });
});

describe('request bodies', () => {
  it('answers malformed JSON with a DRF parse error', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/register/',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "x",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/^JSON parse error - /);
  });

  it('refuses prototype poisoning', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/register/',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":"x","password":"Str0ng!Pass1","__proto__":{"admin":true}}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/^JSON parse error/);
  });

  it('answers a body over 1 MB with 413', async () => {
    const alice = await ctx.signUp();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/notes/',
      headers: { ...alice.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ title: 'big', content: 'x'.repeat(1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'Request body is too large (the limit is 1 MB).' });
  });

  it('answers an unsupported media type with 415', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/user/check-username/',
        headers: { 'content-type': type },
        payload: 'username=alice',
      });
      expect(res.statusCode, type).toBe(415);
      expect(res.json()).toEqual({ detail: `Unsupported media type "${type}" in request.` });
    }
  });

  it('accepts JSON with a charset', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/check-username/',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      payload: '{"username":"free"}',
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers a body that is not a JSON object with 400 on every route that takes a body', async () => {
    const alice = await ctx.signUp();
    const all = flattenRoutes(contract);
    const routes = all.filter(
      (route) =>
        route.method !== 'GET' &&
        'body' in route &&
        isZodType(route.body) &&
        !(route.metadata as RouteMetadata | undefined)?.bodyTypes,
    );
    // A route whose body is a file of another type (an iCalendar import) refuses JSON with 415.
    const fileRoutes = all.filter((route) => (route.metadata as RouteMetadata).bodyTypes);
    expect(fileRoutes.map((route) => route.path)).toEqual(['/api/calendar/import/']);
    for (const route of fileRoutes) {
      const res = await ctx.app.inject({
        method: route.method,
        url: route.path,
        headers: { ...alice.auth, 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({
        detail: 'Unsupported media type "application/json" in request.',
      });
    }
    expect(routes.length).toBeGreaterThan(8);
    const cases: Array<[string, string]> = [
      ['null', DRF.noData],
      ['[]', DRF.notADict('list')],
      ['"x"', DRF.notADict('str')],
      ['1', DRF.notADict('int')],
      ['true', DRF.notADict('bool')],
    ];
    for (const route of routes) {
      const url = route.path.replace(':id', '1');
      for (const [payload, message] of cases) {
        const res = await ctx.app.inject({
          method: route.method,
          url,
          headers: { ...alice.auth, 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode, `${route.method} ${url} ${payload}`).toBe(400);
        expect(res.json(), `${route.method} ${url} ${payload}`).toEqual({
          non_field_errors: [message],
        });
      }
    }
  });

  it('refuses NUL characters in text fields', async () => {
    const alice = await ctx.signUp();
    const res = await ctx.request('POST', '/api/todos/', {
      body: { task: 'a\u0000b' },
      headers: alice.auth,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ task: [DRF.nullCharacters] });
  });
});

describe('server errors', () => {
  it('answers a bug with a bare 500 and logs it', async () => {
    const lines: string[] = [];
    // The same app, with a logger whose lines the test keeps.
    const logged = await buildApp({
      config: ctx.config,
      db: ctx.db.handle,
      summarizer: ctx.summarizer,
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    });
    try {
      const alice = await ctx.signUp();
      ctx.summarizer.broken = true;
      const res = await logged.inject({
        method: 'POST',
        url: '/api/summarize/',
        headers: alice.auth,
        payload: { content: 'hello' },
      });
      expect(res.statusCode).toBe(500);
      expect(res.body).toBe('{"detail":"A server error occurred."}');
      expect(res.body).not.toContain('secret internals');
      const errors = lines.map((l) => JSON.parse(l)).filter((l) => l.level >= 50);
      expect(errors).toHaveLength(1);
      expect(errors[0].err.message).toBe('engine bug: secret internals');
      expect(errors[0].reqId).toBe(res.headers['x-request-id']);
    } finally {
      await logged.close();
    }
  });
});
