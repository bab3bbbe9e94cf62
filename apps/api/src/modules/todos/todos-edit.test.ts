import { DRF } from '@prodify/contract';
import { describe, expect, it } from 'vitest';
import { type TestUser, useTestApp } from '../../../test/support/app';

/** Issue 10's edit in place: PATCH any of the fields, PUT the whole object, same validation. */
const ctx = useTestApp();

type Todo = Record<string, unknown> & { id: number };

const createTodo = async (user: TestUser, body: object) => {
  const res = await ctx.request('POST', '/api/todos/', { body, headers: user.auth });
  expect(res.statusCode).toBe(201);
  return res.json() as Todo;
};

const patch = (user: TestUser, id: number | string, body: unknown) =>
  ctx.request('PATCH', `/api/todos/${id}/`, { body, headers: user.auth });

describe('PATCH /api/todos/{id}/', () => {
  it('changes each field alone, or several at once, keeping the others', async () => {
    const alice = await ctx.signUp();
    const todo = await createTodo(alice, { task: 'Buy milk', due_date: '2026-01-05' });
    const steps: [object, object][] = [
      [{ task: '  Buy oat milk  ' }, { task: 'Buy oat milk' }],
      [{ due_date: '2028-02-29' }, { due_date: '2028-02-29' }],
      [{ due_date: null }, { due_date: null }],
      [{ priority: 'H' }, { priority: 'H' }],
      [{ completed: true }, { completed: true }],
      [
        { task: 'Call Ann', due_date: '2026-03-01', priority: 'L', completed: false },
        { task: 'Call Ann', due_date: '2026-03-01', priority: 'L', completed: false },
      ],
    ];
    let expected = todo;
    for (const [body, change] of steps) {
      const res = await patch(alice, todo.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(200);
      expected = { ...expected, ...change };
      expect(res.json()).toEqual(expected);
      const read = await ctx.request('GET', `/api/todos/${todo.id}/`, { headers: alice.auth });
      expect(read.json()).toEqual(expected);
    }
    // Keys in the original order, owner and creation time untouched.
    expect(Object.keys(expected)).toEqual(Object.keys(todo));
    expect(expected.created_at).toBe(todo.created_at);
  });

  it('answers 200 with nothing changed for an empty body, and ignores read-only fields', async () => {
    const alice = await ctx.signUp();
    const todo = await createTodo(alice, { task: 'Stay', priority: 'L' });
    expect((await patch(alice, todo.id, {})).json()).toEqual(todo);
    const ro = await patch(alice, todo.id, {
      id: 99,
      user: 99,
      created_at: '2000-01-01T00:00:00Z',
    });
    expect(ro.statusCode).toBe(200);
    expect(ro.json()).toEqual(todo);
  });

  it('validates as create does, field by field, and changes nothing on a 400', async () => {
    const alice = await ctx.signUp();
    const todo = await createTodo(alice, { task: 'Keep me' });
    const cases: [object, object][] = [
      [{ task: '' }, { task: [DRF.blank] }],
      [{ task: '   ' }, { task: [DRF.blank] }],
      [{ task: null }, { task: [DRF.null] }],
      [{ task: 't'.repeat(256) }, { task: [DRF.maxLength(255)] }],
      [{ due_date: '2026-02-30' }, { due_date: [DRF.dateFormat] }],
      [{ due_date: '01/02/2026' }, { due_date: [DRF.dateFormat] }],
      [{ priority: 'low' }, { priority: [DRF.invalidChoice('low')] }],
      [{ priority: null }, { priority: [DRF.null] }],
      [{ completed: 'yes' }, { completed: [DRF.notABoolean] }],
      [
        { task: '', completed: 1 },
        { task: [DRF.blank], completed: [DRF.notABoolean] },
      ],
    ];
    for (const [body, errors] of cases) {
      const res = await patch(alice, todo.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual(errors);
    }
    expect((await patch(alice, todo.id, { task: 't'.repeat(255) })).statusCode).toBe(200);
    await patch(alice, todo.id, { task: 'Keep me' });
    const read = await ctx.request('GET', `/api/todos/${todo.id}/`, { headers: alice.auth });
    expect(read.json()).toEqual(todo);
  });

  it("answers 404 for another user's, a missing or a trashed to-do", async () => {
    const alice = await ctx.signUp();
    const bob = await ctx.signUp();
    const todo = await createTodo(alice, { task: 'Mine' });
    for (const body of [{}, { completed: true }, { task: 'Hacked' }]) {
      const res = await patch(bob, todo.id, body);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    expect((await patch(alice, 999_999, {})).statusCode).toBe(404);
    await ctx.request('DELETE', `/api/todos/${todo.id}/`, { headers: alice.auth });
    expect((await patch(alice, todo.id, { completed: true })).statusCode).toBe(404);
    const restored = await ctx.request('POST', `/api/todos/${todo.id}/restore/`, {
      headers: alice.auth,
    });
    expect(restored.json()).toEqual(todo);
  });
});

describe('PUT /api/todos/{id}/', () => {
  it('replaces the object; a left-out optional field keeps its value, as DRF does', async () => {
    const alice = await ctx.signUp();
    const bob = await ctx.signUp();
    const todo = await createTodo(alice, { task: 'Old', due_date: '2026-01-01', priority: 'H' });
    const url = `/api/todos/${todo.id}/`;
    const whole = { task: 'New', due_date: null, priority: 'L', completed: true };
    const res = await ctx.request('PUT', url, { body: whole, headers: alice.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...todo, ...whole });
    const taskOnly = await ctx.request('PUT', url, {
      body: { task: 'Newer' },
      headers: alice.auth,
    });
    expect(taskOnly.json()).toEqual({ ...todo, ...whole, task: 'Newer' });
    for (const [body, errors] of [
      [{}, { task: [DRF.required] }],
      [
        { task: ' ', priority: 'X' },
        { task: [DRF.blank], priority: [DRF.invalidChoice('X')] },
      ],
    ] as const) {
      const bad = await ctx.request('PUT', url, { body, headers: alice.auth });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual(errors);
    }
    const theirs = await ctx.request('PUT', url, { body: whole, headers: bob.auth });
    expect(theirs.statusCode).toBe(404);
  });
});
