import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/app';
import { bearer } from '../../../test/support/inject';

const ctx = useTestApp();
const PASSWORD = 'Str0ng!Pass1';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

interface Pair {
  access: string;
  refresh: string;
}

async function signIn(username: string, userAgent: string, ip: string): Promise<Pair> {
  const res = await ctx.request('POST', '/api/token/', {
    body: { username, password: PASSWORD },
    headers: { 'user-agent': userAgent },
    remoteAddress: ip,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as Pair;
}

const list = (pair: Pair) => ctx.request('GET', '/api/sessions/', { headers: bearer(pair.access) });
const me = (pair: Pair) => ctx.request('GET', '/api/user/', { headers: bearer(pair.access) });
const refresh = (pair: Pair) =>
  ctx.request('POST', '/api/token/refresh/', { body: { refresh: pair.refresh } });

describe('sessions (ADR 0417)', () => {
  it('makes every sign-in a session and lists them newest first, the current one marked', async () => {
    await ctx.signUp('alice');
    const laptop = await signIn('alice', FIREFOX, '198.51.100.1');
    const phone = await signIn('alice', SAFARI_IPHONE, '198.51.100.2');
    const res = await list(laptop);
    expect(res.statusCode).toBe(200);
    const sessions = res.json() as Array<Record<string, unknown>>;
    expect(sessions.map((s) => s.id)).toEqual([3, 2, 1]);
    expect(sessions[0]).toMatchObject({
      id: 3,
      user_agent: SAFARI_IPHONE,
      browser: 'Safari 17',
      os: 'iOS 17.5',
      ip: '198.51.100.2',
      current: false,
    });
    expect(sessions[1]).toMatchObject({
      id: 2,
      browser: 'Firefox 133',
      os: 'Windows 10',
      ip: '198.51.100.1',
      current: true,
      method: 'password',
    });
    expect(Object.keys(sessions[0] ?? {})).toEqual([
      'id',
      'created_at',
      'last_used_at',
      'user_agent',
      'browser',
      'os',
      'ip',
      'current',
      'method',
    ]);
    expect(sessions[0]?.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/);
    // The phone sees itself as current.
    const fromPhone = (await list(phone)).json() as Array<{ id: number; current: boolean }>;
    expect(fromPhone.filter((s) => s.current).map((s) => s.id)).toEqual([3]);
  });

  it('lists only the callers own sessions; another users session id is a 404', async () => {
    await ctx.signUp('alice');
    const bob = await ctx.signUp('bob');
    const alice = await signIn('alice', FIREFOX, '198.51.100.1');
    const bobs = (await list(bob)).json() as Array<{ id: number }>;
    expect(bobs.map((s) => s.id)).toEqual([2]);
    const res = await ctx.request('DELETE', '/api/sessions/2/', { headers: bearer(alice.access) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
    expect((await me(bob)).statusCode).toBe(200);
  });

  it('ends one session: its access and refresh tokens stop working, the others go on', async () => {
    await ctx.signUp('alice');
    const laptop = await signIn('alice', FIREFOX, '198.51.100.1');
    const phone = await signIn('alice', SAFARI_IPHONE, '198.51.100.2');
    expect((await me(phone)).statusCode).toBe(200); // cached in this process
    const end = await ctx.request('DELETE', '/api/sessions/3/', { headers: bearer(laptop.access) });
    expect(end.statusCode).toBe(204);
    expect(end.body).toBe('');
    const refused = await me(phone);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({
      detail: 'This session was signed out. Please sign in again.',
      code: 'session_ended',
    });
    const refreshed = await refresh(phone);
    expect(refreshed.statusCode).toBe(401);
    expect(refreshed.json()).toMatchObject({ code: 'session_ended' });
    expect((await me(laptop)).statusCode).toBe(200);
    expect((await refresh(laptop)).statusCode).toBe(200);
    // Ending it again: nothing there.
    const again = await ctx.request('DELETE', '/api/sessions/3/', {
      headers: bearer(laptop.access),
    });
    expect(again.statusCode).toBe(404);
    // Ending one's own session signs out.
    const own = await ctx.request('DELETE', '/api/sessions/2/', { headers: bearer(laptop.access) });
    expect(own.statusCode).toBe(204);
    expect((await me(laptop)).statusCode).toBe(401);
  });

  it('ends every other session and keeps the current one', async () => {
    const first = await ctx.signUp('alice');
    const laptop = await signIn('alice', FIREFOX, '198.51.100.1');
    const phone = await signIn('alice', SAFARI_IPHONE, '198.51.100.2');
    const res = await ctx.request('POST', '/api/sessions/end-others/', {
      headers: bearer(laptop.access),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });
    for (const pair of [first, phone]) {
      expect((await me(pair)).statusCode).toBe(401);
      expect((await refresh(pair)).statusCode).toBe(401);
    }
    expect((await me(laptop)).statusCode).toBe(200);
    const left = (await list(laptop)).json() as Array<{ id: number; current: boolean }>;
    expect(left).toEqual([expect.objectContaining({ id: 2, current: true })]);
  });

  it('a password change ends the other sessions and keeps the current one, old tokens included', async () => {
    await ctx.signUp('alice');
    const laptop = await signIn('alice', FIREFOX, '198.51.100.1');
    const phone = await signIn('alice', SAFARI_IPHONE, '198.51.100.2');
    const changed = await ctx.request('PUT', '/api/settings/', {
      headers: bearer(laptop.access),
      body: { current_password: PASSWORD, new_password: 'N3w!Passw0rd' },
    });
    expect(changed.statusCode).toBe(200);
    const fresh = changed.json() as Pair;
    // The original client keeps using the tokens it had: they still work.
    expect((await me(laptop)).statusCode).toBe(200);
    const renewed = await refresh(laptop);
    expect(renewed.statusCode).toBe(200);
    expect((await me({ ...laptop, access: renewed.json().access })).statusCode).toBe(200);
    // The fresh pair is of the same session.
    expect((await me(fresh)).statusCode).toBe(200);
    const sessions = (await list(fresh)).json() as Array<{ id: number; current: boolean }>;
    expect(sessions).toEqual([expect.objectContaining({ id: 2, current: true })]);
    // The other device is signed out.
    const other = await me(phone);
    expect(other.statusCode).toBe(401);
    expect(other.json()).toMatchObject({ code: 'password_changed' });
    expect((await refresh(phone)).statusCode).toBe(401);
  });

  it('account deletion ends every session', async () => {
    await ctx.signUp('alice');
    const laptop = await signIn('alice', FIREFOX, '198.51.100.1');
    const phone = await signIn('alice', SAFARI_IPHONE, '198.51.100.2');
    const deleted = await ctx.request('POST', '/api/delete-account/', {
      headers: bearer(laptop.access),
      body: { password: PASSWORD },
    });
    expect(deleted.statusCode).toBe(204);
    for (const pair of [laptop, phone]) {
      expect((await me(pair)).statusCode).toBe(401);
      expect((await refresh(pair)).statusCode).toBe(401);
    }
    const rows = await ctx.app.db.selectFrom('sessions').select('id').execute();
    expect(rows).toEqual([]);
  });

  it('writes last used at most once a minute', async () => {
    await ctx.signUp('alice');
    const laptop = await signIn('alice', FIREFOX, '198.51.100.1');
    const before = await ctx.app.db
      .selectFrom('sessions')
      .select(['last_used_at', 'created_at'])
      .where('id', '=', 2)
      .executeTakeFirstOrThrow();
    expect(before.last_used_at).toBe(before.created_at);
    // Pretend the last write was two minutes ago in the database.
    await ctx.app.db
      .updateTable('sessions')
      .set({ last_used_at: '2000-01-01T00:00:00Z' })
      .where('id', '=', 2)
      .execute();
    // The first request of this process writes it (in the background), later ones do not.
    expect((await me(laptop)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = await ctx.app.db
      .selectFrom('sessions')
      .select('last_used_at')
      .where('id', '=', 2)
      .executeTakeFirstOrThrow();
    expect(after.last_used_at > '2026-01-01').toBe(true);
    await ctx.app.db
      .updateTable('sessions')
      .set({ last_used_at: '2000-01-01T00:00:00Z' })
      .where('id', '=', 2)
      .execute();
    expect((await me(laptop)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const unchanged = await ctx.app.db
      .selectFrom('sessions')
      .select('last_used_at')
      .where('id', '=', 2)
      .executeTakeFirstOrThrow();
    expect(unchanged.last_used_at).toBe('2000-01-01T00:00:00Z');
  });

  it('refuses tokens issued before sessions (no sid) once the user ends the other sessions', async () => {
    const user = await ctx.signUp('alice');
    const now = Math.floor(Date.now() / 1000);
    const legacy = ctx.app.jwt.sign({
      token_type: 'access',
      exp: now + 60,
      iat: now,
      jti: 'f'.repeat(32),
      user_id: user.id,
      token_version: 0,
    });
    const old = { access: legacy, refresh: '' };
    expect((await me(old)).statusCode).toBe(200);
    const listed = (await list(old)).json() as Array<{ current: boolean }>;
    expect(listed.map((s) => s.current)).toEqual([false]);
    const ended = await ctx.request('POST', '/api/sessions/end-others/', { headers: user.auth });
    expect(ended.json()).toEqual({ ended: 0 });
    const refused = await me(old);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'session_ended' });
    expect((await me(user)).statusCode).toBe(200);
  });
});
