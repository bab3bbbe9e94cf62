import { DRF, LIMITS, TRASH_DAYS } from '@prodify/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type TestUser, useTestApp } from '../../../test/support/app';

/**
 * `GET /api/trash/?page=`: the notes' page object (DRF's PageNumberPagination) over the same
 * entries in the same order as the plain array, which stays the answer without `?page=`.
 */
const ctx = useTestApp();

const HOST = 'prodify.test';
const get = (user: TestUser, url: string) =>
  ctx.request('GET', url, { headers: { ...user.auth, host: HOST } });

const post = async (user: TestUser, url: string, body: object) => {
  const res = await ctx.request('POST', url, { headers: user.auth, body });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
};

/** `n` notes, to-dos and events deleted, several of them at one instant (ties). */
async function trashed(user: TestUser, n: number) {
  for (let i = 0; i < n; i++) {
    const ids = {
      note: await post(user, '/api/notes/', { title: `note ${i}`, content: 'x' }),
      todo: await post(user, '/api/todos/', { task: `todo ${i}` }),
      event: await post(user, '/api/calendar/events/', { title: `event ${i}`, date: '2026-12-01' }),
    };
    for (const url of [
      `/api/notes/delete/${ids.note}/`,
      `/api/todos/${ids.todo}/`,
      `/api/calendar/events/${ids.event}/`,
    ]) {
      expect((await ctx.request('DELETE', url, { headers: user.auth })).statusCode).toBe(204);
    }
  }
  // Four instants for all of them: the kind and the id decide between equal times.
  await sql`update trash set deleted_at = now() - make_interval(mins => item_id % 4)
    where user_id = ${user.id}`.execute(ctx.db.handle.db);
}

const pageText = (count: number, next: string | null, previous: string | null, items: unknown[]) =>
  `{"count":${count},"next":${JSON.stringify(next)},"previous":${JSON.stringify(previous)},"results":${JSON.stringify(items)}}`;

describe('GET /api/trash/?page=', () => {
  it('answers pages that are the plain list sliced, with DRF links, byte for byte', async () => {
    const alice = await ctx.signUp();
    await trashed(alice, 5);
    const plain = await get(alice, '/api/trash/');
    expect(plain.statusCode).toBe(200);
    const all = plain.json() as unknown[];
    expect(all).toHaveLength(15);
    // The plain array's bytes are what JSON.stringify writes, so pages can be compared as text.
    expect(plain.body).toBe(JSON.stringify(all));
    for (const size of [1, 2, 4, 10, 14, 15, 100]) {
      const pages = Math.ceil(all.length / size);
      for (let page = 1; page <= pages; page++) {
        const res = await get(alice, `/api/trash/?page=${page}&page_size=${size}`);
        expect(res.statusCode, `size ${size} page ${page}`).toBe(200);
        const link = (to: number) =>
          to === 1
            ? `http://${HOST}/api/trash/?page_size=${size}`
            : `http://${HOST}/api/trash/?page=${to}&page_size=${size}`;
        expect(res.body, `size ${size} page ${page}`).toBe(
          pageText(
            15,
            page < pages ? link(page + 1) : null,
            page > 1 ? link(page - 1) : null,
            all.slice((page - 1) * size, page * size),
          ),
        );
      }
      const past = await get(alice, `/api/trash/?page=${pages + 1}&page_size=${size}`);
      expect(past.statusCode).toBe(404);
      expect(past.json()).toEqual({ detail: DRF.invalidPage });
    }
    // The default size is the notes' (10), and page 1's link to page 2 keeps the other params.
    const first = await get(alice, '/api/trash/?page=1');
    expect(first.json()).toMatchObject({
      count: 15,
      next: `http://${HOST}/api/trash/?page=2`,
      previous: null,
    });
    expect(first.json().results).toHaveLength(LIMITS.pageSizeDefault);
  });

  it('keeps the plain array without ?page=, pages only the user’s live entries', async () => {
    const alice = await ctx.signUp();
    const bob = await ctx.signUp();
    await trashed(alice, 2);
    await trashed(bob, 1);
    expect((await get(alice, '/api/trash/?page_size=2')).json()).toHaveLength(6);
    // An entry past its days is gone from pages as from the plain list.
    await sql`update trash set deleted_at = now() - make_interval(days => ${TRASH_DAYS + 1})
      where user_id = ${alice.id} and kind = 'note'`.execute(ctx.db.handle.db);
    const plain = (await get(alice, '/api/trash/')).json() as Array<{ kind: string }>;
    expect(plain.map((e) => e.kind).sort()).toEqual(['event', 'event', 'todo', 'todo']);
    const page = (await get(alice, '/api/trash/?page=1&page_size=3')).json();
    expect(page.count).toBe(4);
    expect(page.results).toEqual(plain.slice(0, 3));
    expect((await get(bob, '/api/trash/?page=1')).json()).toMatchObject({ count: 3 });
  });

  it('answers page 1 of an empty trash, 404 past it, and 400 for bad page parameters', async () => {
    const alice = await ctx.signUp();
    const empty = await get(alice, '/api/trash/?page=1');
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toBe(pageText(0, null, null, []));
    const two = await get(alice, '/api/trash/?page=2');
    expect(two.statusCode).toBe(404);
    expect(two.json()).toEqual({ detail: DRF.invalidPage });
    // Bad page parameters are refused as the notes refuse them.
    for (const query of ['page=0', 'page=abc', 'page=1&page_size=101', 'page=99999999999']) {
      const res = await get(alice, `/api/trash/?${query}`);
      const notes = await get(alice, `/api/notes/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.body, query).toBe(notes.body);
    }
    expect((await ctx.request('GET', '/api/trash/?page=1')).statusCode).toBe(401);
  });
});
