import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { fakeSummary } from '../../../test/fakes/summarizer';
import { type TestUser, useTestApp } from '../../../test/support/app';
import { purgeTrash } from './trash.queries';

/** The trash (ADR 0411): deleting moves an item there; restoring brings it back unchanged. */
const ctx = useTestApp();

type Json = Record<string, unknown>;
const NOT_FOUND = '{"detail":"Not found."}';
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{6})?Z$/;

async function call(user: TestUser, method: 'GET' | 'POST' | 'DELETE', url: string, body?: Json) {
  return ctx.request(method, url, { headers: user.auth, ...(body ? { body } : {}) });
}

async function created(user: TestUser, url: string, body: Json): Promise<Json> {
  const res = await call(user, 'POST', url, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Json;
}

const get = async (user: TestUser, url: string) => {
  const res = await call(user, 'GET', url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as Json[] & Json;
};

/** One of each kind, the note with a saved summary: the fields a restore must bring back. */
async function oneOfEach(user: TestUser) {
  const note = await created(user, '/api/notes/', { title: 'Plan', content: 'Long text here.' });
  const summarized = await call(user, 'POST', `/api/notes/${note.id}/summarize/`);
  expect(summarized.statusCode).toBe(200);
  const todo = await created(user, '/api/todos/', {
    task: 'Call Ann',
    due_date: '2026-12-01',
    priority: 'H',
    completed: true,
  });
  const event = await created(user, '/api/calendar/events/', {
    title: 'Dentist',
    date: '2026-12-02',
    time: '09:30',
  });
  return {
    note: (await get(user, `/api/notes/${note.id}/`)) as Json,
    todo,
    event,
  };
}

const URLS = {
  note: (id: unknown) => ({ remove: `/api/notes/delete/${id}/`, one: `/api/notes/${id}/` }),
  todo: (id: unknown) => ({ remove: `/api/todos/${id}/`, one: `/api/todos/${id}/` }),
  event: (id: unknown) => ({
    remove: `/api/calendar/events/${id}/`,
    one: `/api/calendar/events/${id}/`,
  }),
};
const restoreUrl = {
  note: (id: unknown) => `/api/notes/${id}/restore/`,
  todo: (id: unknown) => `/api/todos/${id}/restore/`,
  event: (id: unknown) => `/api/calendar/events/${id}/restore/`,
};
const KINDS = ['note', 'todo', 'event'] as const;

describe('DELETE moves to the trash', () => {
  it('answers 204 as before, and the item leaves every list, count and page at once', async () => {
    const alice = await ctx.signUp();
    const items = await oneOfEach(alice);
    // Read (and cache) every list first: the answers after the delete must not be stale.
    expect(await get(alice, '/api/notes/')).toHaveLength(1);
    expect(await get(alice, '/api/todos/?page=1')).toMatchObject({ count: 1 });
    expect(await get(alice, '/api/calendar/events/?date=2026-12-02')).toHaveLength(1);
    for (const kind of KINDS) {
      const urls = URLS[kind](items[kind].id);
      const res = await call(alice, 'DELETE', urls.remove);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect((await call(alice, 'GET', urls.one)).body).toBe(NOT_FOUND);
      expect((await call(alice, 'DELETE', urls.remove)).body).toBe(NOT_FOUND);
    }
    expect(await get(alice, '/api/notes/')).toEqual([]);
    expect(await get(alice, '/api/notes/?page=1')).toMatchObject({ count: 0, results: [] });
    expect(await get(alice, '/api/todos/')).toEqual([]);
    expect(await get(alice, '/api/todos/?page=1')).toMatchObject({ count: 0, results: [] });
    expect(await get(alice, '/api/calendar/events/')).toEqual([]);
    expect(await get(alice, '/api/calendar/events/?date=2026-12-02')).toEqual([]);

    const trash = await get(alice, '/api/trash/');
    expect(trash.map((e) => e.kind)).toEqual(['event', 'todo', 'note']);
    for (const entry of trash) {
      expect(Object.keys(entry)).toEqual(['kind', 'deleted_at', 'item']);
      expect(entry.deleted_at).toMatch(TIMESTAMP);
      expect(entry.item).toEqual(items[entry.kind as (typeof KINDS)[number]]);
    }
  });

  it('lists the trash newest first, and only the user’s own', async () => {
    const alice = await ctx.signUp();
    const bob = await ctx.signUp();
    expect((await call(alice, 'GET', '/api/trash/')).body).toBe('[]');
    const ids: unknown[] = [];
    for (const title of ['one', 'two', 'three']) {
      const note = await created(alice, '/api/notes/', { title, content: 'x' });
      ids.push(note.id);
      await created(bob, '/api/notes/', { title: `bob ${title}`, content: 'x' });
    }
    for (const id of ids)
      expect((await call(alice, 'DELETE', URLS.note(id).remove)).statusCode).toBe(204);
    // Deleted in one second or less: the order must not depend on the clock's resolution alone.
    await sql`update trash set deleted_at = now() - make_interval(mins => item_id)`.execute(
      ctx.db.handle.db,
    );
    const trash = await get(alice, '/api/trash/');
    expect(trash.map((e) => (e.item as Json).title)).toEqual(['one', 'two', 'three']);
    expect(await get(bob, '/api/trash/')).toEqual([]);
  });
});

describe('POST …/{id}/restore/', () => {
  it('brings each kind back with its id and every field, into every list', async () => {
    const alice = await ctx.signUp();
    const items = await oneOfEach(alice);
    expect(items.note.summary).toBe(fakeSummary('Long text here.'));
    for (const kind of KINDS) await call(alice, 'DELETE', URLS[kind](items[kind].id).remove);
    await get(alice, '/api/todos/?page=1');
    for (const kind of KINDS) {
      const res = await call(alice, 'POST', restoreUrl[kind](items[kind].id));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(items[kind]);
      expect(await get(alice, URLS[kind](items[kind].id).one)).toEqual(items[kind]);
      // Once only: it left the trash.
      expect((await call(alice, 'POST', restoreUrl[kind](items[kind].id))).body).toBe(NOT_FOUND);
    }
    expect(await get(alice, '/api/trash/')).toEqual([]);
    expect(await get(alice, '/api/notes/')).toEqual([items.note]);
    expect(await get(alice, '/api/todos/?page=1')).toMatchObject({
      count: 1,
      results: [items.todo],
    });
    expect(await get(alice, '/api/notes/?page=1')).toMatchObject({ count: 1 });
    expect(await get(alice, '/api/calendar/events/?date=2026-12-02')).toEqual([items.event]);
    // New items still get new ids, and a restored item can be deleted again.
    const next = await created(alice, '/api/notes/', { title: 'Next', content: 'x' });
    expect(next.id).toBeGreaterThan(items.note.id as number);
    expect((await call(alice, 'DELETE', URLS.note(items.note.id).remove)).statusCode).toBe(204);
    expect((await get(alice, '/api/trash/')).map((e) => e.kind)).toEqual(['note']);
  });

  it('keeps a trashed note’s summary out of reach until it is restored', async () => {
    const alice = await ctx.signUp();
    const { note } = await oneOfEach(alice);
    await call(alice, 'DELETE', URLS.note(note.id).remove);
    const summarize = await call(alice, 'POST', `/api/notes/${note.id}/summarize/`);
    expect(summarize.statusCode).toBe(404);
    const patch = await ctx.request('PATCH', `/api/notes/${note.id}/`, {
      headers: alice.auth,
      body: { title: 'Changed' },
    });
    expect(patch.statusCode).toBe(404);
    const restored = (await call(alice, 'POST', restoreUrl.note(note.id))).json() as Json;
    expect(restored.summary).toBe(note.summary);
    expect(restored.summary).not.toBeNull();
  });

  it('answers 404 for another user’s item, changing nothing, and for ids that are no items', async () => {
    const alice = await ctx.signUp();
    const bob = await ctx.signUp();
    const items = await oneOfEach(alice);
    for (const kind of KINDS) await call(alice, 'DELETE', URLS[kind](items[kind].id).remove);
    const before = await get(alice, '/api/trash/');
    for (const kind of KINDS) {
      const res = await call(bob, 'POST', restoreUrl[kind](items[kind].id));
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(NOT_FOUND);
      for (const id of ['999999', 'abc', '0', '2147483648']) {
        expect((await call(alice, 'POST', restoreUrl[kind](id))).statusCode, id).toBe(404);
      }
    }
    expect((await call(bob, 'DELETE', '/api/trash/')).statusCode).toBe(204);
    expect(await get(bob, '/api/notes/')).toEqual([]);
    expect(await get(alice, '/api/trash/')).toEqual(before);
  });
});

describe('DELETE /api/trash/ and the purge', () => {
  it('empties the user’s trash for good', async () => {
    const alice = await ctx.signUp();
    const bob = await ctx.signUp();
    const items = await oneOfEach(alice);
    const bobs = await oneOfEach(bob);
    for (const kind of KINDS) {
      await call(alice, 'DELETE', URLS[kind](items[kind].id).remove);
      await call(bob, 'DELETE', URLS[kind](bobs[kind].id).remove);
    }
    const res = await call(alice, 'DELETE', '/api/trash/');
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await get(alice, '/api/trash/')).toEqual([]);
    for (const kind of KINDS) {
      expect((await call(alice, 'POST', restoreUrl[kind](items[kind].id))).statusCode).toBe(404);
    }
    expect(await get(bob, '/api/trash/')).toHaveLength(3);
    expect((await call(alice, 'DELETE', '/api/trash/')).statusCode).toBe(204);
  });

  it('deletes one entry for good: DELETE /api/trash/{notes|todos|events}/{id}/', async () => {
    const alice = await ctx.signUp();
    const bob = await ctx.signUp();
    const items = await oneOfEach(alice);
    const kept = await oneOfEach(alice);
    const bobs = await oneOfEach(bob);
    for (const kind of KINDS) {
      await call(alice, 'DELETE', URLS[kind](items[kind].id).remove);
      await call(alice, 'DELETE', URLS[kind](kept[kind].id).remove);
      await call(bob, 'DELETE', URLS[kind](bobs[kind].id).remove);
    }
    const bobsTrash = await get(bob, '/api/trash/');
    for (const kind of KINDS) {
      const url = `/api/trash/${kind}s/${items[kind].id}/`;
      // Another user's entry, an id of nothing in the trash, a live item: 404, nothing changes.
      expect((await call(bob, 'DELETE', url)).body).toBe(NOT_FOUND);
      expect((await call(alice, 'DELETE', `/api/trash/${kind}s/99999999/`)).body).toBe(NOT_FOUND);
      const res = await call(alice, 'DELETE', url);
      expect(res.statusCode, res.body).toBe(204);
      expect(res.body).toBe('');
      expect((await call(alice, 'DELETE', url)).body).toBe(NOT_FOUND);
      expect((await call(alice, 'POST', restoreUrl[kind](items[kind].id))).body).toBe(NOT_FOUND);
    }
    // The other entries stay, and come back.
    const left = await get(alice, '/api/trash/');
    expect(left.map((e) => [e.kind, (e.item as Json).id])).toEqual([
      ['event', kept.event.id],
      ['todo', kept.todo.id],
      ['note', kept.note.id],
    ]);
    for (const kind of KINDS) {
      expect((await call(alice, 'POST', restoreUrl[kind](kept[kind].id))).statusCode).toBe(200);
    }
    expect(await get(bob, '/api/trash/')).toEqual(bobsTrash);
    // A kind that is not one, or an id that is not one: the router's 404.
    expect((await call(alice, 'DELETE', `/api/trash/users/${kept.note.id}/`)).statusCode).toBe(404);
    expect((await call(alice, 'DELETE', '/api/trash/notes/abc/')).statusCode).toBe(404);
  });

  it('forgets entries older than 30 days at once, and the purge deletes them', async () => {
    const alice = await ctx.signUp();
    const items = await oneOfEach(alice);
    for (const kind of KINDS) await call(alice, 'DELETE', URLS[kind](items[kind].id).remove);
    const db = ctx.db.handle.db;
    await sql`update trash set deleted_at = now() - interval '30 days 1 second'
      where kind = 'note'`.execute(db);
    await sql`update trash set deleted_at = now() - interval '29 days 23 hours'
      where kind = 'todo'`.execute(db);
    expect((await get(alice, '/api/trash/')).map((e) => e.kind)).toEqual(['event', 'todo']);
    expect((await call(alice, 'POST', restoreUrl.note(items.note.id))).statusCode).toBe(404);
    expect(await purgeTrash(db)).toBe(1);
    const left = await sql<{ kind: string }>`select kind from trash order by kind`.execute(db);
    expect(left.rows.map((r) => r.kind)).toEqual(['event', 'todo']);
    expect((await call(alice, 'POST', restoreUrl.todo(items.todo.id))).statusCode).toBe(200);
  });

  it('runs the purge when an app starts', async () => {
    const alice = await ctx.signUp();
    const note = await created(alice, '/api/notes/', { title: 'Old', content: 'x' });
    await call(alice, 'DELETE', URLS.note(note.id).remove);
    const db = ctx.db.handle.db;
    await sql`update trash set deleted_at = now() - interval '31 days'`.execute(db);
    const app = await ctx.buildApp({});
    await app.ready();
    await expect.poll(async () => (await sql`select 1 from trash`.execute(db)).rows.length).toBe(0);
  });

  it("keeps a series' moved and deleted occurrences: a restored series is as it was", async () => {
    const alice = await ctx.signUp();
    const weekly = await created(alice, '/api/calendar/events/', {
      title: 'Weekly',
      date: '2026-11-05',
      time: '10:00',
      rrule: 'FREQ=WEEKLY',
    });
    const one = (date: string) => `/api/calendar/events/${weekly.id}/occurrences/${date}/`;
    const moved = await ctx.request('PATCH', one('2026-11-12'), {
      body: { date: '2026-11-13', title: 'Moved' },
      headers: alice.auth,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await call(alice, 'DELETE', one('2026-11-19'))).statusCode).toBe(204);
    const month = '/api/calendar/events/?start=2026-11-01&end=2026-11-30';
    const before = await get(alice, month);
    expect(before.map((e) => `${e.date} ${e.title}`)).toEqual([
      '2026-11-05 Weekly',
      '2026-11-13 Moved',
      '2026-11-26 Weekly',
    ]);
    expect((await call(alice, 'DELETE', URLS.event(weekly.id).remove)).statusCode).toBe(204);
    expect(await get(alice, month)).toEqual([]);
    const restored = await call(alice, 'POST', `/api/calendar/events/${weekly.id}/restore/`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await get(alice, month)).toEqual(before);
  });

  it('goes with the account', async () => {
    const alice = await ctx.signUp();
    const items = await oneOfEach(alice);
    for (const kind of KINDS) await call(alice, 'DELETE', URLS[kind](items[kind].id).remove);
    const res = await call(alice, 'POST', '/api/delete-account/', { password: alice.password });
    expect(res.statusCode).toBe(204);
    const { rows } = await sql`select 1 from trash`.execute(ctx.db.handle.db);
    expect(rows).toEqual([]);
  });
});
