import { DRF } from '@prodify/contract';
import { describe, expect, it } from 'vitest';
import { type TestUser, useTestApp } from '../../../test/support/app';

const ctx = useTestApp();

type Todo = { id: number; task: string; due_date: string | null };
type Page = { count: number; next: string | null; results: Todo[] };

const get = (user: TestUser, query: string) =>
  ctx.request('GET', `/api/todos/?${query}`, { headers: user.auth });
const tasks = async (user: TestUser, query: string) => {
  const res = await get(user, query);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Todo[]).map((t) => t.task);
};

describe('GET /api/todos/?due_after=&due_before=', () => {
  it('filters by due date, inclusive, either side alone, newest first as before', async () => {
    const alice = await ctx.signUp();
    const bob = await ctx.signUp();
    for (const due of [
      '2026-10-31',
      '2026-11-01',
      '2026-11-15',
      '2026-11-30',
      '2026-12-01',
      null,
    ]) {
      const res = await ctx.request('POST', '/api/todos/', {
        body: { task: String(due), due_date: due },
        headers: alice.auth,
      });
      expect(res.statusCode).toBe(201);
    }
    await ctx.request('POST', '/api/todos/', {
      body: { task: 'bob', due_date: '2026-11-15' },
      headers: bob.auth,
    });
    expect(await tasks(alice, 'due_after=2026-11-01&due_before=2026-11-30')).toEqual([
      '2026-11-30',
      '2026-11-15',
      '2026-11-01',
    ]);
    expect(await tasks(alice, 'due_after=2026-11-30')).toEqual(['2026-12-01', '2026-11-30']);
    expect(await tasks(alice, 'due_before=2026-11-01')).toEqual(['2026-11-01', '2026-10-31']);
    expect(await tasks(alice, 'due_after=2026-12-02')).toEqual([]);
    expect(await tasks(alice, 'due_after=2026-11-02&due_before=2026-11-01')).toEqual([]);
    // Without them, the answer is today's: every to-do, undated included.
    expect(await tasks(alice, '')).toHaveLength(6);
    expect(
      await tasks(alice, 'due_after=2026-11-01&due_before=2026-11-30&ordering=due_date'),
    ).toEqual(['2026-11-01', '2026-11-15', '2026-11-30']);
  });

  it('pages the filtered list with its own count', async () => {
    const alice = await ctx.signUp();
    for (let day = 1; day <= 12; day++) {
      await ctx.request('POST', '/api/todos/', {
        body: { task: `t${day}`, due_date: `2026-11-${String(day).padStart(2, '0')}` },
        headers: alice.auth,
      });
    }
    await ctx.request('POST', '/api/todos/', { body: { task: 'undated' }, headers: alice.auth });
    const first = await get(alice, 'due_after=2026-11-03&due_before=2026-11-10&page=1&page_size=5');
    const page = first.json() as Page;
    expect(page.count).toBe(8);
    expect(page.results.map((t) => t.task)).toEqual(['t10', 't9', 't8', 't7', 't6']);
    expect(page.next).toContain('due_after=2026-11-03');
    const second = (
      await get(alice, 'due_after=2026-11-03&due_before=2026-11-10&page=2&page_size=5')
    ).json() as Page;
    expect(second.results.map((t) => t.task)).toEqual(['t5', 't4', 't3']);
    expect((await get(alice, 'due_before=2026-11-10&page=3&page_size=5')).statusCode).toBe(404);
  });

  it('answers 400 for a bad date', async () => {
    const alice = await ctx.signUp();
    for (const [query, field] of [
      ['due_after=2026-02-30', 'due_after'],
      ['due_before=tomorrow', 'due_before'],
    ]) {
      const res = await get(alice, query as string);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toEqual({ [field as string]: [DRF.dateFormat] });
    }
  });
});
