import { DRF } from '@prodify/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type TestUser, useTestApp } from '../../../test/support/app';

/** `?search=`, `?completed=` and `?ordering=` on the to-do list (issue 10). */
const ctx = useTestApp();

type Todo = { id: number; task: string; priority: string; due_date: string | null };

async function list(user: TestUser, query: string) {
  const res = await ctx.request('GET', `/api/todos/?${query}`, { headers: user.auth });
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  return res.json() as Todo[] & { count: number; results: Todo[] };
}
const tasks = async (user: TestUser, query: string) => (await list(user, query)).map((t) => t.task);

/** Six to-dos created one second apart (oldest first), so "newest first" is certain. */
async function seedTodos(user: TestUser) {
  const rows = [
    { task: 'Call the café', priority: 'L', due_date: '2026-03-01', completed: false },
    { task: 'Buy MILK and bread', priority: 'H', due_date: null, completed: true },
    { task: 'Pay 100% of rent_due', priority: 'M', due_date: '2026-01-15', completed: false },
    { task: 'Read a\\b book', priority: 'H', due_date: '2026-03-01', completed: false },
    { task: 'Buy milk', priority: 'M', due_date: null, completed: false },
    { task: 'Crème brûlée recipe', priority: 'L', due_date: '2026-02-01', completed: true },
  ];
  for (const row of rows) {
    const res = await ctx.request('POST', '/api/todos/', { body: row, headers: user.auth });
    expect(res.statusCode).toBe(201);
  }
  await sql`update todos set created_at = '2026-01-01'::timestamptz + make_interval(secs => id)
    where user_id = ${user.id}`.execute(ctx.db.handle.db);
  ctx.app.listCache.clear();
}

describe('GET /api/todos/?search=', () => {
  it('keeps the to-dos holding every word, ignoring case and accents', async () => {
    const alice = await ctx.signUp();
    const bob = await ctx.signUp();
    await seedTodos(alice);
    await seedTodos(bob);
    expect(await tasks(alice, 'search=milk')).toEqual(['Buy milk', 'Buy MILK and bread']);
    expect(await tasks(alice, 'search=BREAD%20milk')).toEqual(['Buy MILK and bread']);
    expect(await tasks(alice, 'search=milk,bread')).toEqual(['Buy MILK and bread']);
    expect(await tasks(alice, 'search=cafe')).toEqual(['Call the café']);
    expect(await tasks(alice, 'search=CREME%20Brulee')).toEqual(['Crème brûlée recipe']);
    // A quoted phrase is one term: "bread milk" is in no task, bread and milk are in one.
    expect(await tasks(alice, 'search=%22bread%20milk%22')).toEqual([]);
    expect(await tasks(alice, 'search=%22milk%20AND%22')).toEqual(['Buy MILK and bread']);
    expect(await tasks(alice, 'search=milk%20nothing')).toEqual([]);
  });

  it('takes %, _ and \\ literally', async () => {
    const alice = await ctx.signUp();
    await seedTodos(alice);
    expect(await tasks(alice, 'search=%25')).toEqual(['Pay 100% of rent_due']);
    expect(await tasks(alice, 'search=_')).toEqual(['Pay 100% of rent_due']);
    expect(await tasks(alice, 'search=0%25%20t_d')).toEqual(['Pay 100% of rent_due']);
    expect(await tasks(alice, 'search=%5C')).toEqual(['Read a\\b book']);
    expect(await tasks(alice, 'search=a%5Cb')).toEqual(['Read a\\b book']);
    expect(await tasks(alice, 'search=a_b')).toEqual([]);
    expect(await tasks(alice, 'search=B%25k')).toEqual([]);
  });

  it('answers the whole list for an empty search, and 400 for a too long one', async () => {
    const alice = await ctx.signUp();
    await seedTodos(alice);
    const all = await ctx.request('GET', '/api/todos/', { headers: alice.auth });
    for (const query of ['search=', 'search=%20%20', 'search=,', 'search=%00']) {
      const res = await ctx.request('GET', `/api/todos/?${query}`, { headers: alice.auth });
      expect(res.body, query).toBe(all.body);
    }
    const long = await ctx.request('GET', `/api/todos/?search=${'a'.repeat(201)}`, {
      headers: alice.auth,
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ search: [DRF.maxLength(200)] });
  });
});

describe('GET /api/todos/?completed=', () => {
  it('keeps the done or the open ones, and refuses any other value', async () => {
    const alice = await ctx.signUp();
    await seedTodos(alice);
    expect(await tasks(alice, 'completed=true')).toEqual([
      'Crème brûlée recipe',
      'Buy MILK and bread',
    ]);
    expect(await tasks(alice, 'completed=false')).toHaveLength(4);
    expect(await tasks(alice, 'completed=false&search=milk')).toEqual(['Buy milk']);
    for (const value of ['True', '1', 'yes', '', 'maybe']) {
      const res = await ctx.request('GET', `/api/todos/?completed=${value}`, {
        headers: alice.auth,
      });
      expect(res.statusCode, value).toBe(400);
      expect(Object.keys(res.json())).toEqual(['completed']);
      expect(res.json().completed).toEqual([expect.any(String)]);
    }
  });
});

describe('GET /api/todos/?ordering=', () => {
  it('orders by due date, priority by importance, or creation, either way', async () => {
    const alice = await ctx.signUp();
    await seedTodos(alice);
    expect(await tasks(alice, 'ordering=priority')).toEqual([
      'Crème brûlée recipe',
      'Call the café',
      'Buy milk',
      'Pay 100% of rent_due',
      'Read a\\b book',
      'Buy MILK and bread',
    ]);
    expect((await list(alice, 'ordering=-priority')).map((t) => t.priority)).toEqual([
      'H',
      'H',
      'M',
      'M',
      'L',
      'L',
    ]);
    expect(await tasks(alice, 'ordering=-priority')).toEqual([
      'Read a\\b book',
      'Buy MILK and bread',
      'Buy milk',
      'Pay 100% of rent_due',
      'Crème brûlée recipe',
      'Call the café',
    ]);
    expect((await list(alice, 'ordering=-due_date')).map((t) => t.due_date)).toEqual([
      '2026-03-01',
      '2026-03-01',
      '2026-02-01',
      '2026-01-15',
      null,
      null,
    ]);
    expect(await tasks(alice, 'ordering=-due_date')).toEqual([
      'Read a\\b book',
      'Call the café',
      'Crème brûlée recipe',
      'Pay 100% of rent_due',
      'Buy milk',
      'Buy MILK and bread',
    ]);
    expect((await tasks(alice, 'ordering=created_at'))[0]).toBe('Call the café');
    expect((await tasks(alice, 'ordering=-created_at'))[0]).toBe('Crème brûlée recipe');
    for (const value of [
      'task',
      'priority,due_date',
      '-',
      'PRIORITY',
      '',
      'completed',
      '-completed,due_date',
      'completed,task',
      'completed,due_date,priority',
    ]) {
      const res = await ctx.request('GET', `/api/todos/?ordering=${value}`, {
        headers: alice.auth,
      });
      expect(res.statusCode, value).toBe(400);
      expect(Object.keys(res.json())).toEqual(['ordering']);
    }
  });

  it('puts the open to-dos before the done ones with completed, first, across pages', async () => {
    const alice = await ctx.signUp();
    await seedTodos(alice);
    expect(await tasks(alice, 'ordering=completed,due_date')).toEqual([
      'Pay 100% of rent_due',
      'Read a\\b book',
      'Call the café',
      'Buy milk',
      'Crème brûlée recipe',
      'Buy MILK and bread',
    ]);
    expect(await tasks(alice, 'ordering=completed,-priority')).toEqual([
      'Read a\\b book',
      'Buy milk',
      'Pay 100% of rent_due',
      'Call the café',
      'Buy MILK and bread',
      'Crème brûlée recipe',
    ]);
    // Each group keeps the order of the second field: the open ones, then the done ones.
    for (const second of ['-created_at', 'created_at', 'due_date', '-due_date', 'priority']) {
      const whole = await list(alice, `ordering=${second}`);
      const open = whole.filter((t) => !(t as Todo & { completed: boolean }).completed);
      const done = whole.filter((t) => (t as Todo & { completed: boolean }).completed);
      expect(await list(alice, `ordering=completed,${second}`), second).toEqual([...open, ...done]);
    }
    // Pages are slices of it: the first page of two holds open ones only.
    const pages: Todo[] = [];
    for (let page = 1; page <= 3; page++) {
      pages.push(
        ...(await list(alice, `ordering=completed,due_date&page=${page}&page_size=2`)).results,
      );
    }
    expect(pages.map((t) => t.task)).toEqual(await tasks(alice, 'ordering=completed,due_date'));
  });

  it('combines with ?search=, ?completed= and ?page=, pages being slices of the list', async () => {
    const alice = await ctx.signUp();
    await seedTodos(alice);
    await seedTodos(alice);
    const query = 'ordering=-priority&completed=false&search=a';
    const all = await list(alice, query);
    expect(all).toHaveLength(6);
    const seen: Todo[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await list(alice, `${query}&page=${page}&page_size=2`);
      expect(res.count).toBe(6);
      seen.push(...res.results);
    }
    expect(seen).toEqual(all);
    const past = await ctx.request('GET', `/api/todos/?${query}&page=4&page_size=2`, {
      headers: alice.auth,
    });
    expect(past.statusCode).toBe(404);
    expect((await list(alice, 'completed=true&page=1')).count).toBe(4);
  });
});
