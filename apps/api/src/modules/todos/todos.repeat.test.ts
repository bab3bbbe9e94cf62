import { DRF, TODO_RULE_MESSAGES } from '@prodify/contract';
import { describe, expect, it } from 'vitest';
import { type TestUser, useTestApp } from '../../../test/support/app';

const ctx = useTestApp();

type Todo = {
  id: number;
  task: string;
  due_date: string | null;
  completed: boolean;
  due_time?: string;
  rrule?: string;
};

const post = (user: TestUser, body: unknown) =>
  ctx.request('POST', '/api/todos/', { body, headers: user.auth });
const create = async (user: TestUser, body: object) => {
  const res = await post(user, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Todo;
};
const patch = (user: TestUser, id: number, body: object) =>
  ctx.request('PATCH', `/api/todos/${id}/`, { body, headers: user.auth });
const complete = async (user: TestUser, id: number) => {
  const res = await patch(user, id, { completed: true });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Todo;
};
const completions = async (id: number) =>
  (
    await ctx.db.handle.db
      .selectFrom('todo_completions')
      .select('occurrence')
      .where('todo_id', '=', id)
      .orderBy('id')
      .execute()
  ).map((r) => r.occurrence);

/** The due dates a repeating to-do takes as it is completed `times` times. */
async function walk(user: TestUser, body: object, times: number) {
  const todo = await create(user, { task: 'repeat', ...body });
  const dates = [todo.due_date];
  for (let i = 0; i < times; i++) dates.push((await complete(user, todo.id)).due_date);
  return dates;
}

describe('to-dos: due_time', () => {
  it('stores it with a due date, answers it after the older fields, only when set', async () => {
    const alice = await ctx.signUp();
    const res = await post(alice, { task: 'Call', due_date: '2026-12-01', due_time: '09:30' });
    expect(res.statusCode).toBe(201);
    const todo = res.json() as Todo & { user: number; created_at: string };
    expect(Object.keys(todo)).toEqual([
      'id',
      'user',
      'task',
      'due_date',
      'priority',
      'completed',
      'created_at',
      'due_time',
    ]);
    expect(todo.due_time).toBe('09:30:00');
    const plain = await create(alice, { task: 'Plain', due_date: '2026-12-01', due_time: null });
    expect(Object.keys(plain)).toEqual([
      'id',
      'user',
      'task',
      'due_date',
      'priority',
      'completed',
      'created_at',
    ]);
    // Cleared with null; a due date cannot go while the time stays.
    const bad = await patch(alice, todo.id, { due_date: null });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ due_time: [TODO_RULE_MESSAGES.dueTimeWithoutDate] });
    const cleared = await patch(alice, todo.id, { due_date: null, due_time: null });
    expect(cleared.statusCode).toBe(200);
    expect((cleared.json() as Todo).due_time).toBeUndefined();
  });

  it('refuses a bad time, a time without a date and a bad rule, with field errors', async () => {
    const alice = await ctx.signUp();
    const cases: [object, object][] = [
      [{ due_date: '2026-12-01', due_time: '25:00' }, { due_time: [DRF.timeFormat] }],
      [{ due_time: '10:00' }, { due_time: [TODO_RULE_MESSAGES.dueTimeWithoutDate] }],
      [{ rrule: 'FREQ=DAILY' }, { rrule: [TODO_RULE_MESSAGES.rruleWithoutDate] }],
      [
        { due_date: '2026-12-01', rrule: 'FREQ=HOURLY' },
        { rrule: ['Unknown FREQ: HOURLY. Use DAILY, WEEKLY, MONTHLY or YEARLY.'] },
      ],
      [
        { due_date: '2026-12-01', rrule: 'FREQ=DAILY;UNTIL=20261130' },
        { rrule: [TODO_RULE_MESSAGES.untilBeforeDate] },
      ],
    ];
    for (const [fields, errors] of cases) {
      const res = await post(alice, { task: 't', ...fields });
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json()).toEqual(errors);
    }
    // A series that reaches the year 9999 ends there: its last completion completes it.
    const last = await create(alice, { task: 't', due_date: '9999-12-01', rrule: 'FREQ=YEARLY' });
    expect(await complete(alice, last.id)).toMatchObject({
      due_date: '9999-12-01',
      completed: true,
    });
    const todo = await create(alice, { task: 't', due_date: '2026-12-01', rrule: 'freq=weekly' });
    expect(todo.rrule).toBe('FREQ=WEEKLY');
    expect((await patch(alice, todo.id, { due_date: null })).json()).toEqual({
      rrule: [TODO_RULE_MESSAGES.rruleWithoutDate],
    });
  });
});

describe('to-dos: completing a repeating one', () => {
  it('records the occurrence and moves the to-do to its next date, still open', async () => {
    const alice = await ctx.signUp();
    const todo = await create(alice, {
      task: 'Water plants',
      due_date: '2026-11-27',
      due_time: '08:00',
      rrule: 'FREQ=WEEKLY;BYDAY=MO,FR',
    });
    const next = await complete(alice, todo.id);
    expect(next).toMatchObject({
      due_date: '2026-11-30',
      due_time: '08:00:00',
      completed: false,
      rrule: 'FREQ=WEEKLY;BYDAY=MO,FR',
    });
    expect((await complete(alice, todo.id)).due_date).toBe('2026-12-04');
    expect(await completions(todo.id)).toEqual(['2026-11-27', '2026-11-30']);
    // PUT completes as PATCH does.
    const put = await ctx.request('PUT', `/api/todos/${todo.id}/`, {
      body: { task: 'Water plants', completed: true },
      headers: alice.auth,
    });
    expect((put.json() as Todo).due_date).toBe('2026-12-07');
    // Not a repeating to-do: completed as always.
    const once = await create(alice, { task: 'Once', due_date: '2026-11-27' });
    expect(await complete(alice, once.id)).toMatchObject({
      due_date: '2026-11-27',
      completed: true,
    });
    expect(await completions(once.id)).toEqual([]);
    // Sending completed: false, or true again on a done one, changes nothing more.
    expect((await patch(alice, todo.id, { completed: false })).json()).toMatchObject({
      due_date: '2026-12-07',
    });
  });

  it('follows RFC 5545 at month ends and on a leap day', async () => {
    const alice = await ctx.signUp();
    // The 31st is skipped in months without one, as the events' rule does.
    expect(await walk(alice, { due_date: '2026-01-31', rrule: 'FREQ=MONTHLY' }, 3)).toEqual([
      '2026-01-31',
      '2026-03-31',
      '2026-05-31',
      '2026-07-31',
    ]);
    // The last day of every month.
    expect(
      await walk(alice, { due_date: '2026-01-31', rrule: 'FREQ=MONTHLY;BYMONTHDAY=-1' }, 3),
    ).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30']);
    expect(
      await walk(alice, { due_date: '2028-01-31', rrule: 'FREQ=MONTHLY;BYMONTHDAY=-1' }, 1),
    ).toEqual(['2028-01-31', '2028-02-29']);
    // 29 February comes back in the next leap year (2100 is not one).
    expect(await walk(alice, { due_date: '2028-02-29', rrule: 'FREQ=YEARLY' }, 2)).toEqual([
      '2028-02-29',
      '2032-02-29',
      '2036-02-29',
    ]);
    expect(await walk(alice, { due_date: '2096-02-29', rrule: 'FREQ=YEARLY' }, 1)).toEqual([
      '2096-02-29',
      '2104-02-29',
    ]);
    expect(
      await walk(alice, { due_date: '2026-12-31', rrule: 'FREQ=DAILY;INTERVAL=2' }, 1),
    ).toEqual(['2026-12-31', '2027-01-02']);
  });

  it('really completes the last occurrence of a COUNT or an UNTIL', async () => {
    const alice = await ctx.signUp();
    const counted = await create(alice, {
      task: 'Three times',
      due_date: '2026-11-30',
      rrule: 'FREQ=DAILY;COUNT=3',
    });
    expect(await complete(alice, counted.id)).toMatchObject({
      due_date: '2026-12-01',
      rrule: 'FREQ=DAILY;COUNT=2',
      completed: false,
    });
    expect(await complete(alice, counted.id)).toMatchObject({
      due_date: '2026-12-02',
      rrule: 'FREQ=DAILY;COUNT=1',
      completed: false,
    });
    expect(await complete(alice, counted.id)).toMatchObject({
      due_date: '2026-12-02',
      rrule: 'FREQ=DAILY;COUNT=1',
      completed: true,
    });
    expect(await completions(counted.id)).toEqual(['2026-11-30', '2026-12-01', '2026-12-02']);
    // Completing a done one again records nothing more.
    await complete(alice, counted.id);
    expect(await completions(counted.id)).toHaveLength(3);

    const until = await create(alice, {
      task: 'Until',
      due_date: '2026-11-02',
      due_time: '18:00',
      rrule: 'FREQ=WEEKLY;UNTIL=20261109T170000',
    });
    // The 9th at 18:00 is after UNTIL's 17:00: the 2nd was the last.
    expect(await complete(alice, until.id)).toMatchObject({
      due_date: '2026-11-02',
      completed: true,
    });
    const byDate = await create(alice, {
      task: 'Until date',
      due_date: '2026-11-02',
      rrule: 'FREQ=WEEKLY;UNTIL=20261109',
    });
    expect((await complete(alice, byDate.id)).due_date).toBe('2026-11-09');
    expect(await complete(alice, byDate.id)).toMatchObject({
      due_date: '2026-11-09',
      completed: true,
    });
  });

  it('answers the completions, the latest first, and keeps another user’s out of reach', async () => {
    const alice = await ctx.signUp();
    const bob = await ctx.signUp();
    const todo = await create(alice, { task: 'x', due_date: '2026-11-27', rrule: 'FREQ=DAILY' });
    expect((await patch(bob, todo.id, { completed: true })).statusCode).toBe(404);
    expect(await completions(todo.id)).toEqual([]);
    const url = `/api/todos/${todo.id}/completions/`;
    expect((await ctx.request('GET', url, { headers: alice.auth })).body).toBe('[]');
    await complete(alice, todo.id);
    await complete(alice, todo.id);
    const res = await ctx.request('GET', url, { headers: alice.auth });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { occurrence: string; completed_at: string }[];
    expect(list.map((c) => c.occurrence)).toEqual(['2026-11-28', '2026-11-27']);
    expect(Object.keys(list[0] as object)).toEqual(['occurrence', 'completed_at']);
    expect(Math.abs(Date.parse(list[0]?.completed_at as string) - Date.now())).toBeLessThan(60_000);
    expect((await ctx.request('GET', url, { headers: bob.auth })).statusCode).toBe(404);
    // A trashed to-do's completions come back with it.
    await ctx.request('DELETE', `/api/todos/${todo.id}/`, { headers: alice.auth });
    expect((await ctx.request('GET', url, { headers: alice.auth })).statusCode).toBe(404);
    await ctx.request('POST', `/api/todos/${todo.id}/restore/`, { headers: alice.auth });
    expect((await ctx.request('GET', url, { headers: alice.auth })).json()).toEqual(list);
  });
});
