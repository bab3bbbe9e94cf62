import { DRF } from '@prodify/contract';
import { describe, expect, it } from 'vitest';
import { type TestUser, useTestApp } from '../../../test/support/app';

const ctx = useTestApp();

type Todo = {
  id: number;
  user: number;
  task: string;
  due_date: string | null;
  priority: string;
  completed: boolean;
  created_at: string;
};

const createTodo = async (user: TestUser, body: object) => {
  const res = await ctx.request('POST', '/api/todos/', { body, headers: user.auth });
  expect(res.statusCode).toBe(201);
  return res.json() as Todo;
};

describe('POST /api/todos/', () => {
  it('creates with the given fields, in the original key order', async () => {
    const alice = await ctx.signUp();
    const res = await ctx.request('POST', '/api/todos/', {
      body: { task: 'Finish report', due_date: '2025-07-01', priority: 'H' },
      headers: alice.auth,
    });
    expect(res.statusCode).toBe(201);
    const todo = res.json();
    expect(Object.keys(todo)).toEqual([
      'id',
      'user',
      'task',
      'due_date',
      'priority',
      'completed',
      'created_at',
    ]);
    expect(todo).toMatchObject({
      id: 1,
      user: alice.id,
      task: 'Finish report',
      due_date: '2025-07-01',
      priority: 'H',
      completed: false,
    });
  });

  it('applies the defaults, accepts a null date, ignores read-only fields', async () => {
    const alice = await ctx.signUp();
    expect(await createTodo(alice, { task: 'Buy milk' })).toMatchObject({
      due_date: null,
      priority: 'M',
      completed: false,
    });
    expect(
      await createTodo(alice, { task: 'No date', due_date: null, priority: 'L' }),
    ).toMatchObject({ due_date: null, priority: 'L' });
    const done = await createTodo(alice, {
      task: 'Done already',
      completed: true,
      user: 999,
      created_at: '2000-01-01T00:00:00Z',
      id: 77,
    });
    expect(done.user).toBe(alice.id);
    expect(done.completed).toBe(true);
    expect(done.created_at.startsWith('2000')).toBe(false);
    expect(done.id).not.toBe(77);
  });

  it('validates task, date and priority in DRF words', async () => {
    const alice = await ctx.signUp();
    const post = (body: object) =>
      ctx.request('POST', '/api/todos/', { body, headers: alice.auth });
    const dateError = { due_date: [DRF.dateFormat] };
    expect((await post({ task: 'x', due_date: '' })).json()).toEqual(dateError);
    expect((await post({ task: 'x', due_date: '2025-02-30' })).json()).toEqual(dateError);
    expect((await post({ task: 'x', due_date: '2025-13-01' })).json()).toEqual(dateError);
    expect((await post({ task: 'x', due_date: '07/01/2025' })).json()).toEqual(dateError);
    expect((await post({ task: 'x', due_date: 20250701 })).json()).toEqual(dateError);
    expect((await post({ task: 'leap', due_date: '2024-02-29' })).statusCode).toBe(201);
    expect((await post({ task: 'Bad', priority: 'X' })).body).toBe(
      '{"priority":["\\"X\\" is not a valid choice."]}',
    );
    expect((await post({ task: 'Bad', priority: 'h' })).json()).toEqual({
      priority: ['"h" is not a valid choice.'],
    });
    expect((await post({ task: '' })).json()).toEqual({ task: [DRF.blank] });
    expect((await post({ task: '   ' })).json()).toEqual({ task: [DRF.blank] });
    expect((await post({ priority: 'L' })).json()).toEqual({ task: [DRF.required] });
    expect((await post({ task: 'k'.repeat(255) })).statusCode).toBe(201);
    expect((await post({ task: 'k'.repeat(256) })).json()).toEqual({
      task: ['Ensure this field has no more than 255 characters.'],
    });
    expect((await post({ task: 'x', completed: 'yes' })).json()).toEqual({
      completed: [DRF.notABoolean],
    });
  });
});

describe('GET /api/todos/', () => {
  it('lists my to-dos newest first', async () => {
    const alice = await ctx.signUp();
    const bob = await ctx.signUp();
    await createTodo(alice, { task: 'first' });
    await createTodo(bob, { task: "bob's" });
    await createTodo(alice, { task: 'second' });
    await createTodo(alice, { task: 'third' });
    const res = await ctx.request('GET', '/api/todos/', { headers: alice.auth });
    expect((res.json() as Todo[]).map((t) => t.task)).toEqual(['third', 'second', 'first']);
    const oldest = await ctx.request('GET', '/api/todos/?ordering=created_at', {
      headers: alice.auth,
    });
    expect((oldest.json() as Todo[]).map((t) => t.task)).toEqual(['first', 'second', 'third']);
  });

  it('sorts by due date with ?ordering=due_date, undated last, newest first within a day', async () => {
    const alice = await ctx.signUp();
    await createTodo(alice, { task: 'undated old' });
    await createTodo(alice, { task: 'july 2 a', due_date: '2025-07-02' });
    await createTodo(alice, { task: 'july 1', due_date: '2025-07-01' });
    await createTodo(alice, { task: 'july 2 b', due_date: '2025-07-02' });
    await createTodo(alice, { task: 'undated new' });
    const res = await ctx.request('GET', '/api/todos/?ordering=due_date', { headers: alice.auth });
    expect((res.json() as Todo[]).map((t) => t.task)).toEqual([
      'july 1',
      'july 2 b',
      'july 2 a',
      'undated new',
      'undated old',
    ]);
  });

  it('paginates with ?page=', async () => {
    const alice = await ctx.signUp();
    for (let i = 1; i <= 11; i++) await createTodo(alice, { task: `t${i}` });
    const page = await ctx.request('GET', '/api/todos/?page=2', { headers: alice.auth });
    expect(page.json()).toMatchObject({ count: 11, next: null });
    expect(page.json().results.map((t: Todo) => t.task)).toEqual(['t1']);
    const past = await ctx.request('GET', '/api/todos/?page=3', { headers: alice.auth });
    expect(past.statusCode).toBe(404);
    expect(past.json()).toEqual({ detail: DRF.invalidPage });
  });
});

describe('/api/todos/:id/', () => {
  it('reads, toggles, replaces and deletes one to-do', async () => {
    const alice = await ctx.signUp();
    const todo = await createTodo(alice, { task: 'Buy milk' });
    const url = `/api/todos/${todo.id}/`;

    expect((await ctx.request('GET', url, { headers: alice.auth })).json()).toEqual(todo);

    const done = await ctx.request('PATCH', url, {
      body: { completed: true },
      headers: alice.auth,
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ ...todo, completed: true });
    const undone = await ctx.request('PATCH', url, {
      body: { completed: false },
      headers: alice.auth,
    });
    expect(undone.json()).toEqual(todo);

    const unchanged = await ctx.request('PATCH', url, { body: {}, headers: alice.auth });
    expect(unchanged.json()).toEqual(todo);

    const replaced = await ctx.request('PUT', url, {
      body: { task: 'Buy oat milk', due_date: '2025-07-02', priority: 'L', completed: false },
      headers: alice.auth,
    });
    expect(replaced.json()).toEqual({
      ...todo,
      task: 'Buy oat milk',
      due_date: '2025-07-02',
      priority: 'L',
    });

    const cleared = await ctx.request('PATCH', url, {
      body: { due_date: null },
      headers: alice.auth,
    });
    expect(cleared.json().due_date).toBeNull();

    const gone = await ctx.request('DELETE', url, { headers: alice.auth });
    expect(gone.statusCode).toBe(204);
    expect(gone.body).toBe('');
    expect((await ctx.request('DELETE', url, { headers: alice.auth })).statusCode).toBe(404);
    expect((await ctx.request('GET', url, { headers: alice.auth })).statusCode).toBe(404);
  });

  it('validates PUT and PATCH bodies', async () => {
    const alice = await ctx.signUp();
    const todo = await createTodo(alice, { task: 'x' });
    const url = `/api/todos/${todo.id}/`;
    const put = await ctx.request('PUT', url, { body: { priority: 'L' }, headers: alice.auth });
    expect(put.json()).toEqual({ task: [DRF.required] });
    const notBool = await ctx.request('PATCH', url, {
      body: { completed: 'notabool' },
      headers: alice.auth,
    });
    expect(notBool.body).toBe('{"completed":["Must be a valid boolean."]}');
    const badPriority = await ctx.request('PATCH', url, {
      body: { priority: 'X' },
      headers: alice.auth,
    });
    expect(badPriority.json()).toEqual({ priority: ['"X" is not a valid choice.'] });
  });

  it('answers 404 for missing and impossible ids', async () => {
    const alice = await ctx.signUp();
    await createTodo(alice, { task: 'id 1 exists' });
    for (const id of ['999999', 'abc', '2147483648', '1e0', '0x1', '+1', '%201']) {
      const res = await ctx.request('PATCH', `/api/todos/${id}/`, {
        body: { completed: true },
        headers: alice.auth,
      });
      expect(res.statusCode, id).toBe(404);
    }
  });

  it("answers 404 for another user's to-do on every route and leaves it unchanged", async () => {
    const alice = await ctx.signUp();
    const bob = await ctx.signUp();
    const todo = await createTodo(alice, { task: 'private', priority: 'H' });
    const url = `/api/todos/${todo.id}/`;
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { task: 'hacked' }],
      ['PATCH', { completed: true }],
      ['DELETE', undefined],
    ] as const) {
      const res = await ctx.request(method, url, { headers: bob.auth, body });
      expect(res.statusCode, method).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    expect((await ctx.request('GET', url, { headers: alice.auth })).json()).toEqual(todo);
    expect((await ctx.request('GET', '/api/todos/', { headers: bob.auth })).json()).toEqual([]);
  });
});
