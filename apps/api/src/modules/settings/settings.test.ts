import { DRF } from '@prodify/contract';
import { describe, expect, it } from 'vitest';
import { type TestUser, useTestApp } from '../../../test/support/app';

const ctx = useTestApp();

const WEAK =
  'Password must be at least 8 characters and include upper/lowercase, number, and symbol.';
const PASSWORD = 'C4rl!Secret1';

const put = (user: TestUser, body: object, method: 'PUT' | 'PATCH' = 'PUT') =>
  ctx.request(method, '/api/settings/', { body, headers: user.auth });

const login = (username: string, password: string) =>
  ctx.request('POST', '/api/token/', { body: { username, password } });

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('GET /api/settings/', () => {
  it('answers {username}', async () => {
    const carl = await ctx.signUp('carl', PASSWORD);
    const res = await ctx.request('GET', '/api/settings/', { headers: carl.auth });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"username":"carl"}');
  });
});

describe('PUT/PATCH /api/settings/', () => {
  it('needs the current password, also on PATCH', async () => {
    const carl = await ctx.signUp('carl', PASSWORD);
    for (const method of ['PUT', 'PATCH'] as const) {
      const res = await put(carl, { username: 'carl2' }, method);
      expect(res.statusCode).toBe(400);
      expect(res.body).toBe('{"current_password":["This field is required."]}');
    }
    expect((await ctx.request('GET', '/api/user/', { headers: carl.auth })).json().username).toBe(
      'carl',
    );
  });

  it('reports a wrong current password and a weak new one together, in that order', async () => {
    const carl = await ctx.signUp('carl', PASSWORD);
    const wrong = await put(carl, {
      username: 'should_not',
      current_password: 'wrong',
      new_password: 'An0ther!Pass',
    });
    expect(wrong.body).toBe('{"current_password":["Current password is incorrect."]}');
    const both = await put(carl, { current_password: 'wrong', new_password: 'weak' });
    expect(both.statusCode).toBe(400);
    expect(both.body).toBe(
      `{"current_password":["Current password is incorrect."],"new_password":["${WEAK}"]}`,
    );
    expect(
      (await put(carl, { current_password: PASSWORD, new_password: 'Abcdefg12' })).json(),
    ).toEqual({ new_password: [WEAK] });
    expect(
      (await put(carl, { current_password: PASSWORD, new_password: 'P@ssw0rd1' })).json(),
    ).toEqual({ new_password: ['This password is too common.'] });
  });

  it('validates the username like register, and refuses a taken one with a 400', async () => {
    await ctx.signUp('alice');
    const carl = await ctx.signUp('carl', PASSWORD);
    expect((await put(carl, { username: 'alice', current_password: PASSWORD })).json()).toEqual({
      username: [DRF.usernameTaken],
    });
    expect((await put(carl, { username: 'ALICE', current_password: PASSWORD })).json()).toEqual({
      username: [DRF.usernameTaken],
    });
    expect((await put(carl, { username: '', current_password: PASSWORD })).json()).toEqual({
      username: [DRF.blank],
    });
    expect(
      (await put(carl, { username: 'carl with space', current_password: PASSWORD })).json(),
    ).toEqual({ username: [DRF.usernameInvalid] });
    // A new case of one's own name is fine.
    const recased = await put(carl, { username: 'Carl', current_password: PASSWORD });
    expect(recased.statusCode).toBe(200);
    expect(recased.json().username).toBe('Carl');
  });

  it('keeps the password when new_password is blank, missing or null', async () => {
    const carl = await ctx.signUp('carl', PASSWORD);
    for (const body of [
      { username: 'carl', current_password: PASSWORD, new_password: '' },
      { current_password: PASSWORD },
      { current_password: PASSWORD, new_password: null },
    ]) {
      const res = await put(carl, body);
      expect(res.statusCode).toBe(200);
      expect(res.json().username).toBe('carl');
    }
    expect((await login('carl', PASSWORD)).statusCode).toBe(200);
    // Without a password change, earlier tokens stay valid.
    expect((await ctx.request('GET', '/api/user/', { headers: carl.auth })).statusCode).toBe(200);
  });

  it('changes username and password, answers a fresh pair, revokes every earlier token', async () => {
    const carl = await ctx.signUp('carl', PASSWORD);
    // The same account signed in on another device: another session.
    const elsewhere = (await login('carl', PASSWORD)).json() as { access: string; refresh: string };
    const res = await put(carl, {
      username: 'carl_new',
      current_password: PASSWORD,
      new_password: 'N3w!Passw0rd',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { username: string; access: string; refresh: string };
    expect(Object.keys(body)).toEqual(['username', 'access', 'refresh']);
    expect(body.username).toBe('carl_new');

    // The fresh pair works.
    const me = await ctx.request('GET', '/api/user/', { headers: bearer(body.access) });
    expect(me.json()).toEqual({ username: 'carl_new', email: '' });
    const refreshed = await ctx.request('POST', '/api/token/refresh/', {
      body: { refresh: body.refresh },
    });
    expect(refreshed.statusCode).toBe(200);

    // Tokens of every other session issued before the change do not (ADR 0417).
    const old = await ctx.request('GET', '/api/user/', { headers: bearer(elsewhere.access) });
    expect(old.statusCode).toBe(401);
    expect(old.json().code).toBe('password_changed');
    expect(old.headers['www-authenticate']).toBe('Bearer realm="api"');
    const oldRefresh = await ctx.request('POST', '/api/token/refresh/', {
      body: { refresh: elsewhere.refresh },
    });
    expect(oldRefresh.statusCode).toBe(401);
    expect(oldRefresh.json().code).toBe('password_changed');
    // The session that made the change keeps its old tokens, as the original client needs.
    const same = await ctx.request('GET', '/api/user/', { headers: carl.auth });
    expect(same.json()).toEqual({ username: 'carl_new', email: '' });
    const sameRefresh = await ctx.request('POST', '/api/token/refresh/', {
      body: { refresh: carl.refresh },
    });
    expect(sameRefresh.statusCode).toBe(200);

    expect((await login('carl', PASSWORD)).statusCode).toBe(401);
    expect((await login('carl_new', PASSWORD)).statusCode).toBe(401);
    expect((await login('carl_new', 'N3w!Passw0rd')).statusCode).toBe(200);
  });

  it('PATCH changes settings too, with the current password', async () => {
    const carl = await ctx.signUp('carl', PASSWORD);
    const res = await put(carl, { username: 'carl_patched', current_password: PASSWORD }, 'PATCH');
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe('carl_patched');
  });

  it('locks the password check after too many misses', async () => {
    const app = await ctx.buildApp({ loginFailuresPerMinute: 2 });
    const carl = await ctx.signUp('carl', PASSWORD);
    const attempt = (current_password: string) =>
      app.inject({
        method: 'PUT',
        url: '/api/settings/',
        payload: { current_password },
        headers: carl.auth,
      });
    expect((await attempt('wrong1')).statusCode).toBe(400);
    expect((await attempt('wrong2')).statusCode).toBe(400);
    const locked = await attempt(PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
  });

  it('needs a signed-in user', async () => {
    const res = await ctx.request('PUT', '/api/settings/', { body: { current_password: 'x' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: DRF.notAuthenticated });
  });
});

describe('POST /api/delete-account/', () => {
  it('refuses a wrong or missing password', async () => {
    const carl = await ctx.signUp('carl', PASSWORD);
    for (const body of [{ password: 'wrong' }, {}]) {
      const res = await ctx.request('POST', '/api/delete-account/', { body, headers: carl.auth });
      expect(res.statusCode).toBe(400);
      expect(res.body).toBe('{"detail":"Incorrect password."}');
    }
  });

  it('deletes the account and all its data: 204 empty, then every token is refused', async () => {
    const carl = await ctx.signUp('carl', PASSWORD);
    const bob = await ctx.signUp('bob');
    for (const [url, body] of [
      ['/api/notes/', { title: 'carl note', content: 'x' }],
      ['/api/todos/', { task: 'carl task' }],
      ['/api/calendar/events/', { title: 'carl event', date: '2025-07-01' }],
    ] as const) {
      await ctx.request('POST', url, { body, headers: carl.auth });
      await ctx.request('POST', url, { body, headers: bob.auth });
    }

    const res = await ctx.request('POST', '/api/delete-account/', {
      body: { password: PASSWORD },
      headers: carl.auth,
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(res.headers['content-length']).toBeUndefined();

    for (const url of ['/api/user/', '/api/notes/']) {
      const after = await ctx.request('GET', url, { headers: carl.auth });
      expect(after.statusCode).toBe(401);
      expect(after.body).toBe('{"detail":"User not found","code":"user_not_found"}');
    }
    const refresh = await ctx.request('POST', '/api/token/refresh/', {
      body: { refresh: carl.refresh },
    });
    expect(refresh.statusCode).toBe(401);
    expect(refresh.json().code).toBe('user_not_found');
    expect((await login('carl', PASSWORD)).statusCode).toBe(401);
    const free = await ctx.request('POST', '/api/user/check-username/', {
      body: { username: 'carl' },
    });
    expect(free.statusCode).toBe(200);

    const db = ctx.db.handle.db;
    for (const table of ['notes', 'todos', 'events'] as const) {
      const rows = await db.selectFrom(table).select('user_id').execute();
      expect(rows.map((r) => r.user_id)).toEqual([bob.id]);
    }

    // A new account with the same name gets a new id; the old tokens stay refused.
    const again = await ctx.signUp('carl', PASSWORD);
    expect(again.id).not.toBe(carl.id);
    expect((await ctx.request('GET', '/api/user/', { headers: carl.auth })).statusCode).toBe(401);
  });
});
