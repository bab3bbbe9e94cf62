import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/app';
import { bearer, type TestUser } from '../../../test/support/inject';

const ctx = useTestApp();

const basic = (username: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
});

async function create(user: TestUser, name = 'iPhone') {
  const res = await ctx.request('POST', '/api/app-passwords/', {
    body: { name },
    headers: user.auth,
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; name: string; password: string; created: string };
}

const propfind = (headers: Record<string, string>) =>
  ctx.request('PROPFIND', '/dav/', { headers: { depth: '0', ...headers } });

describe('app passwords (ADR 0440)', () => {
  it('creates one, shows the password once, lists it without the secret, and revokes it', async () => {
    const alice = await ctx.signUp('alice');
    const made = await create(alice);
    expect(made).toEqual({
      id: made.id,
      name: 'iPhone',
      password: made.password,
      created: made.created,
    });
    expect(made.password).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){5}$/);
    const list = await ctx.request('GET', '/api/app-passwords/', { headers: alice.auth });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      { id: made.id, name: 'iPhone', created: made.created, last_used: null },
    ]);
    expect(list.body).not.toContain(made.password);

    expect((await propfind(basic('alice', made.password))).statusCode).toBe(207);
    const used = (await ctx.request('GET', '/api/app-passwords/', { headers: alice.auth })).json();
    expect(used[0].last_used).toEqual(expect.any(String));

    const revoked = await ctx.request('DELETE', `/api/app-passwords/${made.id}/`, {
      headers: alice.auth,
    });
    expect(revoked.statusCode).toBe(204);
    const after = await propfind(basic('alice', made.password));
    expect(after.statusCode).toBe(401);
    expect(after.headers['www-authenticate']).toBe('Basic realm="Prodify", charset="UTF-8"');
  });

  it('stores only a hash of the password', async () => {
    const alice = await ctx.signUp('alice');
    const made = await create(alice);
    const rows = await ctx.db.handle.db.selectFrom('app_passwords').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(made.password);
    expect(JSON.stringify(rows)).not.toContain(made.password.replaceAll('-', ''));
  });

  it('answers DRF field errors for a bad name', async () => {
    const alice = await ctx.signUp('alice');
    const blank = await ctx.request('POST', '/api/app-passwords/', {
      body: { name: '  ' },
      headers: alice.auth,
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ name: ['This field may not be blank.'] });
    const missing = await ctx.request('POST', '/api/app-passwords/', {
      body: {},
      headers: alice.auth,
    });
    expect(missing.json()).toEqual({ name: ['This field is required.'] });
    const long = await ctx.request('POST', '/api/app-passwords/', {
      body: { name: 'x'.repeat(101) },
      headers: alice.auth,
    });
    expect(long.json()).toEqual({ name: ['Ensure this field has no more than 100 characters.'] });
  });

  it('needs a signed-in user, and another user’s password is not found', async () => {
    const alice = await ctx.signUp('alice');
    const bob = await ctx.signUp('bob');
    const made = await create(alice);
    expect((await ctx.request('GET', '/api/app-passwords/')).statusCode).toBe(401);
    const res = await ctx.request('DELETE', `/api/app-passwords/${made.id}/`, {
      headers: bob.auth,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
    expect((await propfind(basic('alice', made.password))).statusCode).toBe(207);
  });

  it('works only under /dav/: not on the JSON API, and the account password never opens /dav/', async () => {
    const alice = await ctx.signUp('alice');
    const made = await create(alice);
    const api = await ctx.request('GET', '/api/todos/', { headers: basic('alice', made.password) });
    expect(api.statusCode).toBe(401);
    const account = await propfind(basic('alice', alice.password));
    expect(account.statusCode).toBe(401);
    expect((await propfind({})).statusCode).toBe(401);
    // Typed without the groups or in capitals, it still works.
    const typed = made.password.replaceAll('-', '').toUpperCase();
    expect((await propfind(basic('alice', typed))).statusCode).toBe(207);
  });

  it('ends with a password change, and with the account', async () => {
    const alice = await ctx.signUp('alice');
    const made = await create(alice);
    const changed = await ctx.request('PATCH', '/api/settings/', {
      body: { current_password: alice.password, new_password: 'N3w!Passw0rd' },
      headers: alice.auth,
    });
    expect(changed.statusCode).toBe(200);
    expect((await propfind(basic('alice', made.password))).statusCode).toBe(401);
    const fresh = (changed.json() as { access: string }).access;
    const again = await create({ ...alice, auth: bearer(fresh) });
    expect((await propfind(basic('alice', again.password))).statusCode).toBe(207);
    const gone = await ctx.request('POST', '/api/delete-account/', {
      body: { password: 'N3w!Passw0rd' },
      headers: bearer(fresh),
    });
    expect(gone.statusCode).toBe(204);
    expect((await propfind(basic('alice', again.password))).statusCode).toBe(401);
  });

  it('counts wrong passwords toward the sign-in lock', async () => {
    const app = await ctx.buildApp({ loginFailuresPerMinute: 3 });
    await ctx.signUp('alice');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await app.inject({
        method: 'PROPFIND',
        url: '/dav/',
        headers: { depth: '0', ...basic('alice', 'wrong-wrong-wrong') },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const login = await app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { username: 'alice', password: 'Str0ng!Pass1' },
    });
    expect(login.statusCode).toBe(429);
  });
});
