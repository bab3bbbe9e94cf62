import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type TestUser, useTestApp } from '../../../test/support/app';

/**
 * Cached list answers (ADR 0404) must never be stale: every change of a user's rows, by this
 * process, by another process on the same database, or by SQL outside the API, raises the
 * user's list version, and a cached answer is only served at the version it was read at.
 */
const ctx = useTestApp();

type Json = Record<string, unknown>;

async function get(user: TestUser, url: string, app = ctx.app) {
  const res = await app.inject({ method: 'GET', url, headers: user.auth });
  expect(res.statusCode).toBe(200);
  return res.json() as Json[] & Json;
}

async function send(user: TestUser, method: 'POST' | 'PATCH' | 'DELETE', url: string, body?: Json) {
  const res = await ctx.request(method, url, {
    headers: user.auth,
    ...(body ? { body } : {}),
  });
  expect(res.statusCode, `${method} ${url}`).toBeLessThan(300);
  return res.statusCode === 204 ? undefined : (res.json() as Json);
}

const hits = () => ctx.app.listCache.stats().hits;

describe('cached list answers', () => {
  it('are served while nothing changed, and never after a change of any kind', async () => {
    const alice = await ctx.signUp();
    const note = (await send(alice, 'POST', '/api/notes/', { title: 'One', content: 'a' })) as Json;
    const first = await get(alice, '/api/notes/');
    const before = hits();
    expect(await get(alice, '/api/notes/')).toEqual(first);
    expect(hits()).toBe(before + 1);

    await send(alice, 'PATCH', `/api/notes/${note.id}/`, { title: 'Renamed' });
    expect((await get(alice, '/api/notes/'))[0]).toMatchObject({ title: 'Renamed' });
    await send(alice, 'POST', `/api/notes/${note.id}/summarize/`);
    expect((await get(alice, '/api/notes/'))[0]?.summary).toEqual(expect.any(String));
    await send(alice, 'DELETE', `/api/notes/delete/${note.id}/`);
    expect(await get(alice, '/api/notes/')).toEqual([]);

    const todo = (await send(alice, 'POST', '/api/todos/', { task: 'Call' })) as Json;
    expect(await get(alice, '/api/todos/?page=1')).toMatchObject({ count: 1 });
    expect((await get(alice, '/api/todos/'))[0]).toMatchObject({ completed: false });
    await send(alice, 'PATCH', `/api/todos/${todo.id}/`, { completed: true });
    expect((await get(alice, '/api/todos/'))[0]).toMatchObject({ completed: true });
    expect(await get(alice, '/api/todos/?page=1')).toMatchObject({
      count: 1,
      results: [{ completed: true }],
    });
    await send(alice, 'DELETE', `/api/todos/${todo.id}/`);
    expect(await get(alice, '/api/todos/')).toEqual([]);
    expect(await get(alice, '/api/todos/?page=1')).toMatchObject({ count: 0, results: [] });

    const day = '/api/calendar/events/?date=2026-12-24';
    expect(await get(alice, day)).toEqual([]);
    const event = (await send(alice, 'POST', '/api/calendar/events/', {
      title: 'Party',
      date: '2026-12-24',
    })) as Json;
    expect(await get(alice, day)).toMatchObject([{ title: 'Party' }]);
    await send(alice, 'DELETE', `/api/calendar/events/${event.id}/`);
    expect(await get(alice, day)).toEqual([]);
  });

  it('are not served after another process changed the rows', async () => {
    const other = await ctx.buildApp({});
    const alice = await ctx.signUp();
    await send(alice, 'POST', '/api/notes/', { title: 'One', content: 'a' });
    expect(await get(alice, '/api/notes/')).toHaveLength(1);
    expect(await get(alice, '/api/notes/')).toHaveLength(1); // cached now
    const created = await other.inject({
      method: 'POST',
      url: '/api/notes/',
      headers: { ...alice.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ title: 'Two', content: 'b' }),
    });
    expect(created.statusCode).toBe(201);
    expect(await get(alice, '/api/notes/')).toHaveLength(2);
  });

  it('are not served after a change made in SQL, outside the API', async () => {
    const alice = await ctx.signUp();
    await send(alice, 'POST', '/api/calendar/events/', { title: 'Old', date: '2026-12-24' });
    const day = '/api/calendar/events/?date=2026-12-24';
    expect(await get(alice, day)).toMatchObject([{ title: 'Old' }]);
    expect(await get(alice, day)).toMatchObject([{ title: 'Old' }]);
    await sql`update events set title = 'New' where user_id = ${alice.id}`.execute(
      ctx.db.handle.db,
    );
    expect(await get(alice, day)).toMatchObject([{ title: 'New' }]);
  });

  it("are one user's: another user's change leaves them, and never shows them", async () => {
    const alice = await ctx.signUp();
    const bob = await ctx.signUp();
    await send(alice, 'POST', '/api/notes/', { title: 'Mine', content: 'a' });
    await get(alice, '/api/notes/');
    await send(bob, 'POST', '/api/notes/', { title: 'Bob', content: 'b' });
    const before = hits();
    expect(await get(alice, '/api/notes/')).toMatchObject([{ title: 'Mine' }]);
    expect(hits()).toBe(before + 1);
    expect(await get(bob, '/api/notes/')).toMatchObject([{ title: 'Bob' }]);
  });

  it('stay within their memory, and can be turned off', async () => {
    const small = await ctx.buildApp({ listCacheBytes: 4_000 });
    const off = await ctx.buildApp({ listCacheBytes: 0 });
    const alice = await ctx.signUp();
    for (let i = 0; i < 5; i++) {
      await send(alice, 'POST', '/api/notes/', { title: `Note ${i}`, content: 'x'.repeat(300) });
    }
    for (let size = 1; size <= 5; size++) {
      await get(alice, `/api/notes/?page=1&page_size=${size}`, small);
      await get(alice, `/api/notes/?page=1&page_size=${size}`, off);
      await get(alice, `/api/notes/?page=1&page_size=${size}`, off);
    }
    expect(small.listCache.stats().bytes).toBeLessThanOrEqual(4_000);
    expect(small.listCache.stats().entries).toBeLessThan(5);
    expect(off.listCache.stats()).toMatchObject({ hits: 0, entries: 0 });
    // Answers with no rows (pages past the end) count too: no number of them exceeds the bound.
    for (let page = 2; page < 60; page++) {
      const res = await small.inject({
        method: 'GET',
        url: `/api/notes/?page=${page}&page_size=5`,
        headers: alice.auth,
      });
      expect(res.statusCode).toBe(404);
    }
    expect(small.listCache.stats().bytes).toBeLessThanOrEqual(4_000);
    expect(small.listCache.stats().entries).toBeLessThan(30);
  });

  it('keep their accounting under concurrent reads and changes', async () => {
    const small = await ctx.buildApp({ listCacheBytes: 6_000 });
    const alice = await ctx.signUp();
    const read = (url: string) =>
      small.inject({ method: 'GET', url, headers: alice.auth }).then((r) => r.statusCode);
    for (let round = 0; round < 15; round++) {
      const statuses = await Promise.all([
        ...['/api/notes/', '/api/notes/?page=1', '/api/notes/?page=1&page_size=3'].flatMap((url) =>
          [1, 2, 3].map(() => read(url)),
        ),
        send(alice, 'POST', '/api/notes/', {
          title: `Note ${round}`,
          content: 'y'.repeat(100),
        }).then(() => 201),
      ]);
      expect(statuses.every((status) => status === 200 || status === 201)).toBe(true);
      const stats = small.listCache.stats();
      expect(stats.bytes).toBe(stats.entryBytes);
      expect(stats.bytes).toBeLessThanOrEqual(6_000);
    }
    // And the answers are the current ones.
    expect(await get(alice, '/api/notes/', small)).toHaveLength(15);
  });
});
