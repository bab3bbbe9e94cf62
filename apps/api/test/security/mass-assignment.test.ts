import { NoteSchema, TodoSchema } from '@prodify/contract';
import { describe, expect, it } from 'vitest';
import { type TestUser, useTestApp } from '../support/app';
import { send } from '../support/inject';
import { objectWith } from './arbitraries';
import { seed, snapshot } from './support';

/**
 * Mass assignment: owner, id and read-only fields sent in create and update bodies are ignored;
 * only the documented fields take effect, and nothing reaches another user's rows.
 */
const ctx = useTestApp();

/** Every field a client might try to set that it must not. */
function forged(victim: TestUser, victimObjectId: number) {
  return objectWith([
    ['id', victimObjectId],
    ['user', victim.id],
    ['user_id', victim.id],
    ['author', victim.id],
    ['owner', victim.id],
    ['created_at', '2000-01-01T00:00:00Z'],
    ['updated_at', '2000-01-01T00:00:00Z'],
    ['summary', 'forged summary'],
    ['token_version', 99],
    ['password_hash', 'forged'],
    ['is_superuser', true],
    ['is_staff', true],
    ['username', 'forged-name'],
  ]);
}

async function twoUsers() {
  const alice = await ctx.signUp('alice');
  const bob = await ctx.signUp('bob');
  const bobData = await seed(ctx.app, bob);
  return { alice, bob, bobData, bobBefore: await snapshot(ctx, bob.id) };
}

const isRecent = (iso: string) => Math.abs(Date.parse(iso) - Date.now()) < 60_000;

describe('notes', () => {
  it('create ignores id, author, created_at and summary', async () => {
    const { alice, bob, bobData, bobBefore } = await twoUsers();
    const res = await send(ctx.app, {
      method: 'POST',
      url: '/api/notes/',
      body: { ...forged(bob, bobData.notes[0] as number), title: 'mine', content: 'text' },
      headers: alice.auth,
    });
    expect(res.statusCode).toBe(201);
    const note = res.json();
    expect(Object.keys(note)).toEqual(Object.keys(NoteSchema.shape));
    expect(note).toMatchObject({ title: 'mine', content: 'text', author: alice.id, summary: null });
    expect(note.id).not.toBe(bobData.notes[0]);
    expect(isRecent(note.created_at)).toBe(true);
    expect(await snapshot(ctx, bob.id)).toEqual(bobBefore);
  });

  it('update changes only title and content of the user’s own note', async () => {
    const { alice, bob, bobData, bobBefore } = await twoUsers();
    const mine = await seed(ctx.app, alice);
    const before = (await snapshot(ctx, alice.id)).notes[0];
    const res = await send(ctx.app, {
      method: 'PATCH',
      url: `/api/notes/${mine.notes[0]}/`,
      body: { ...forged(bob, bobData.notes[0] as number), title: 'new title' },
      headers: alice.auth,
    });
    expect(res.statusCode).toBe(200);
    const after = (await snapshot(ctx, alice.id)).notes[0];
    expect(after).toEqual({
      ...before,
      title: 'new title',
      updated_at: after?.updated_at,
      // The search text follows the title (migration 202611260120).
      search_text: `new title\n${before?.content.toLowerCase()}`,
    });
    // The saved summary stays: the text did not change, and a forged one was not taken.
    expect(after?.summary).toBe(before?.summary);
    expect(await snapshot(ctx, bob.id)).toEqual(bobBefore);
  });
});

describe('to-dos', () => {
  it('create takes completed (a documented field, #84) but no owner, id or date', async () => {
    const { alice, bob, bobData, bobBefore } = await twoUsers();
    const res = await send(ctx.app, {
      method: 'POST',
      url: '/api/todos/',
      body: {
        ...forged(bob, bobData.todos[0] as number),
        task: 'Done already',
        completed: true,
      },
      headers: alice.auth,
    });
    expect(res.statusCode).toBe(201);
    const todo = res.json();
    // Every key of the answer, none forged; the optional ones (due_time, rrule) are unset here.
    const answered = Object.entries(TodoSchema.shape).filter(([, field]) => !field.isOptional());
    expect(Object.keys(todo)).toEqual(answered.map(([key]) => key));
    expect(todo).toMatchObject({ user: alice.id, task: 'Done already', completed: true });
    expect(todo.id).not.toBe(bobData.todos[0]);
    expect(isRecent(todo.created_at)).toBe(true);
    expect(await snapshot(ctx, bob.id)).toEqual(bobBefore);
  });

  it('completed cannot reach another user’s to-do, by path or by an id in the body', async () => {
    const { alice, bob, bobData, bobBefore } = await twoUsers();
    const mine = await seed(ctx.app, alice);
    const bobsTodo = bobData.todos[0] as number;
    for (const method of ['PATCH', 'PUT'] as const) {
      const byPath = await send(ctx.app, {
        method,
        url: `/api/todos/${bobsTodo}/`,
        body: { task: 'taken over', completed: true, user: alice.id },
        headers: alice.auth,
      });
      expect(byPath.statusCode).toBe(404);
      const byBody = await send(ctx.app, {
        method,
        url: `/api/todos/${mine.todos[0]}/`,
        body: { ...forged(bob, bobsTodo), task: 'own task', completed: true },
        headers: alice.auth,
      });
      expect(byBody.statusCode).toBe(200);
      expect(byBody.json()).toMatchObject({
        id: mine.todos[0],
        user: alice.id,
        task: 'own task',
        completed: true,
      });
    }
    expect(await snapshot(ctx, bob.id)).toEqual(bobBefore);
    // Only Alice's first to-do changed, and only its documented fields.
    const rows = (await snapshot(ctx, alice.id)).todos;
    expect(rows.filter((t) => t.completed).map((t) => t.id)).toEqual([
      mine.todos[0],
      mine.todos[2],
    ]);
    expect(rows.every((t) => t.user_id === alice.id)).toBe(true);
  });
});

describe('events', () => {
  it('create ignores id, user and created_at', async () => {
    const { alice, bob, bobData, bobBefore } = await twoUsers();
    const res = await send(ctx.app, {
      method: 'POST',
      url: '/api/calendar/events/',
      body: {
        ...forged(bob, bobData.events[0] as number),
        title: 'mine',
        date: '2026-06-01',
      },
      headers: alice.auth,
    });
    expect(res.statusCode).toBe(201);
    expect(Object.keys(res.json())).toEqual(['id', 'title', 'date', 'time']);
    const rows = (await snapshot(ctx, alice.id)).events;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: alice.id, title: 'mine', date: '2026-06-01' });
    expect(rows[0]?.id).not.toBe(bobData.events[0]);
    expect(await snapshot(ctx, bob.id)).toEqual(bobBefore);
  });
});

describe('accounts', () => {
  it('register ignores id, token_version, password_hash and staff flags', async () => {
    const { bob, bobBefore } = await twoUsers();
    const res = await send(ctx.app, {
      method: 'POST',
      url: '/api/user/register/',
      body: {
        ...forged(bob, bob.id),
        username: 'carol',
        password: 'Str0ng!Pass1',
      },
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    expect(id).not.toBe(bob.id);
    const row = (await snapshot(ctx, id)).user;
    expect(row).toMatchObject({ username: 'carol', token_version: 0 });
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    expect(await snapshot(ctx, bob.id)).toEqual(bobBefore);
  });

  it('settings change only the signed-in user’s name and password', async () => {
    const { alice, bob, bobBefore } = await twoUsers();
    const before = (await snapshot(ctx, alice.id)).user;
    for (const method of ['PUT', 'PATCH'] as const) {
      const res = await send(ctx.app, {
        method,
        url: '/api/settings/',
        body: {
          ...forged(bob, bob.id),
          username: `alice-${method.toLowerCase()}`,
          current_password: alice.password,
        },
        headers: alice.auth,
      });
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json())).toEqual(['username', 'access', 'refresh']);
    }
    const after = (await snapshot(ctx, alice.id)).user;
    // No password change: the token version stays, and so do the hash and the id.
    expect(after).toEqual({ ...before, username: 'alice-patch', username_key: 'alice-patch' });
    expect(await snapshot(ctx, bob.id)).toEqual(bobBefore);
  });

  it('delete-account deletes the signed-in user only, whatever ids the body names', async () => {
    const { alice, bob, bobBefore } = await twoUsers();
    const res = await send(ctx.app, {
      method: 'POST',
      url: '/api/delete-account/',
      body: { ...forged(bob, bob.id), password: alice.password },
      headers: alice.auth,
    });
    expect(res.statusCode).toBe(204);
    expect((await snapshot(ctx, alice.id)).user).toBeUndefined();
    expect(await snapshot(ctx, bob.id)).toEqual(bobBefore);
  });

  it('no body field changes what a route acts on: summarize a note saves on that note only', async () => {
    const { alice, bob, bobData, bobBefore } = await twoUsers();
    const mine = await seed(ctx.app, alice);
    const res = await send(ctx.app, {
      method: 'POST',
      url: `/api/notes/${mine.notes[1]}/summarize/`,
      body: { id: bobData.notes[1], note: bobData.notes[1], author: bob.id, summary: 'forged' },
      headers: alice.auth,
    });
    expect(res.statusCode).toBe(200);
    const saved = (await snapshot(ctx, alice.id)).notes.find((n) => n.id === mine.notes[1]);
    expect(saved?.summary).toBe(res.json().summary);
    expect(saved?.summary).not.toBe('forged');
    expect(await snapshot(ctx, bob.id)).toEqual(bobBefore);
  });

  it('refuses prototype keys outright, so none can reach an object', async () => {
    const { alice } = await twoUsers();
    for (const json of [
      '{"title":"a","content":"b","__proto__":{"polluted":"yes"}}',
      '{"title":"a","content":"b","constructor":{"prototype":{"polluted":"yes"}}}',
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/notes/',
        headers: { ...alice.auth, 'content-type': 'application/json' },
        payload: json,
      });
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().detail).toBe('string');
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await snapshot(ctx, alice.id)).notes).toEqual([]);
  });
});
