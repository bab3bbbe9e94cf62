import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../test/support/app';
import { IDEMPOTENCY_MESSAGES } from './idempotency.plugin';

const ctx = useTestApp();

const withKey = (auth: Record<string, string>, key: string) => ({
  ...auth,
  'idempotency-key': key,
});

async function noteCount(auth: Record<string, string>) {
  return (await ctx.request('GET', '/api/notes/', { headers: auth })).json().length as number;
}

afterEach(() => vi.useRealTimers());

describe('Idempotency-Key', () => {
  it('answers a repeat with the first answer, byte for byte, and writes once', async () => {
    const alice = await ctx.signUp('alice');
    const key = randomUUID();
    const body = { title: 'Train notes', content: 'written offline' };
    const first = await ctx.request('POST', '/api/notes/', {
      body,
      headers: withKey(alice.auth, key),
    });
    expect(first.statusCode).toBe(201);
    const again = await ctx.request('POST', '/api/notes/', {
      body,
      headers: withKey(alice.auth, key),
    });
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await noteCount(alice.auth)).toBe(1);
  });

  it('refuses the same key with another request with 422, and changes nothing', async () => {
    const alice = await ctx.signUp('alice');
    const key = randomUUID();
    await ctx.request('POST', '/api/notes/', {
      body: { title: 'One', content: 'x' },
      headers: withKey(alice.auth, key),
    });
    const other = await ctx.request('POST', '/api/notes/', {
      body: { title: 'Two', content: 'x' },
      headers: withKey(alice.auth, key),
    });
    expect(other.statusCode).toBe(422);
    expect(other.body).toBe(JSON.stringify({ detail: IDEMPOTENCY_MESSAGES.reused }));
    // The same body on another route is another request too.
    const elsewhere = await ctx.request('POST', '/api/todos/', {
      body: { title: 'One', content: 'x' },
      headers: withKey(alice.auth, key),
    });
    expect(elsewhere.statusCode).toBe(422);
    expect(await noteCount(alice.auth)).toBe(1);
  });

  it('runs two concurrent requests with one key once', async () => {
    const alice = await ctx.signUp('alice');
    const key = randomUUID();
    const send = () =>
      ctx.request('POST', '/api/todos/', {
        body: { task: 'Buy milk' },
        headers: withKey(alice.auth, key),
      });
    const answers = await Promise.all([send(), send(), send()]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    const todos = (await ctx.request('GET', '/api/todos/', { headers: alice.auth })).json();
    expect(todos).toHaveLength(1);
  });

  it('keeps the keys of different users apart', async () => {
    const alice = await ctx.signUp('alice');
    const bob = await ctx.signUp('bob');
    const key = randomUUID();
    const a = await ctx.request('POST', '/api/notes/', {
      body: { title: 'Alice', content: 'a' },
      headers: withKey(alice.auth, key),
    });
    const b = await ctx.request('POST', '/api/notes/', {
      body: { title: 'Bob', content: 'b' },
      headers: withKey(bob.auth, key),
    });
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.json().title).toBe('Bob');
    expect(await noteCount(alice.auth)).toBe(1);
    expect(await noteCount(bob.auth)).toBe(1);
  });

  it('replays a delete instead of running it again (no 404 on the retry)', async () => {
    const alice = await ctx.signUp('alice');
    const note = (
      await ctx.request('POST', '/api/notes/', {
        body: { title: 'Gone', content: 'x' },
        headers: alice.auth,
      })
    ).json();
    const key = randomUUID();
    const first = await ctx.request('DELETE', `/api/notes/delete/${note.id}/`, {
      headers: withKey(alice.auth, key),
    });
    const again = await ctx.request('DELETE', `/api/notes/delete/${note.id}/`, {
      headers: withKey(alice.auth, key),
    });
    expect([first.statusCode, again.statusCode]).toEqual([204, 204]);
    expect(again.body).toBe('');
    const unkeyed = await ctx.request('DELETE', `/api/notes/delete/${note.id}/`, {
      headers: alice.auth,
    });
    expect(unkeyed.statusCode).toBe(404);
  });

  it('remembers a 4xx answer like any other', async () => {
    const alice = await ctx.signUp('alice');
    const key = randomUUID();
    const body = { title: '', content: 'x' };
    const first = await ctx.request('POST', '/api/notes/', {
      body,
      headers: withKey(alice.auth, key),
    });
    expect(first.statusCode).toBe(400);
    const again = await ctx.request('POST', '/api/notes/', {
      body,
      headers: withKey(alice.auth, key),
    });
    expect(again.statusCode).toBe(400);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('refuses a key that is not a UUID with 400, before running anything', async () => {
    const alice = await ctx.signUp('alice');
    for (const key of ['abc', '', `${randomUUID()}x`, 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz']) {
      const res = await ctx.request('POST', '/api/notes/', {
        body: { title: 'T', content: 'x' },
        headers: withKey(alice.auth, key),
      });
      expect(res.statusCode, key).toBe(400);
      expect(res.json()).toEqual({ detail: IDEMPOTENCY_MESSAGES.notAUuid });
    }
    expect(await noteCount(alice.auth)).toBe(0);
  });

  it('forgets a key after 24 hours', async () => {
    const alice = await ctx.signUp('alice');
    const key = randomUUID();
    const start = Date.now();
    await ctx.request('POST', '/api/notes/', {
      body: { title: 'Day one', content: 'x' },
      headers: withKey(alice.auth, key),
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    // A fresh access token at each moved time: the first one has expired by then.
    const signInAt = async (ms: number) => {
      vi.setSystemTime(ms);
      const res = await ctx.request('POST', '/api/token/', {
        body: { username: alice.username, password: alice.password },
      });
      return { authorization: `Bearer ${res.json().access}` };
    };
    const within = await ctx.request('POST', '/api/notes/', {
      body: { title: 'Day two', content: 'x' },
      headers: withKey(await signInAt(start + 23 * 60 * 60 * 1000), key),
    });
    expect(within.statusCode).toBe(422);
    const later = await signInAt(start + 24 * 60 * 60 * 1000 + 1000);
    const after = await ctx.request('POST', '/api/notes/', {
      body: { title: 'Day two', content: 'x' },
      headers: withKey(later, key),
    });
    expect(after.statusCode).toBe(201);
    expect(await noteCount(later)).toBe(2);
  });

  it('answers a repeat sent to another instance with the first answer', async () => {
    const alice = await ctx.signUp('alice');
    const other = await ctx.buildApp({});
    const key = randomUUID();
    const body = { task: 'Water plants', priority: 'H' };
    const first = await ctx.request('POST', '/api/todos/', {
      body,
      headers: withKey(alice.auth, key),
    });
    const again = await other.inject({
      method: 'POST',
      url: '/api/todos/',
      payload: JSON.stringify(body),
      headers: { 'content-type': 'application/json', ...withKey(alice.auth, key) },
    });
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect((await ctx.request('GET', '/api/todos/', { headers: alice.auth })).json()).toHaveLength(
      1,
    );
  });

  it('leaves requests without the header as they were', async () => {
    const alice = await ctx.signUp('alice');
    const body = { title: 'Twice', content: 'x' };
    await ctx.request('POST', '/api/notes/', { body, headers: alice.auth });
    await ctx.request('POST', '/api/notes/', { body, headers: alice.auth });
    expect(await noteCount(alice.auth)).toBe(2);
  });
});
