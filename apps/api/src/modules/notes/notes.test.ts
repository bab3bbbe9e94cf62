import { DRF } from '@prodify/contract';
import { describe, expect, it } from 'vitest';
import { fakeSummary } from '../../../test/fakes/summarizer';
import { type TestUser, useTestApp } from '../../../test/support/app';

const ctx = useTestApp();

const createNote = async (user: TestUser, title: string, content = 'text') => {
  const res = await ctx.request('POST', '/api/notes/', {
    body: { title, content },
    headers: user.auth,
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; title: string; content: string; created_at: string };
};

describe('POST /api/notes/', () => {
  it('creates a note in the original shape, owner from the token', async () => {
    const alice = await ctx.signUp('alice');
    const res = await ctx.request('POST', '/api/notes/', {
      body: { title: 'First note', content: 'Hello world', author: 999, id: 50 },
      headers: alice.auth,
    });
    expect(res.statusCode).toBe(201);
    const note = res.json();
    expect(Object.keys(note)).toEqual([
      'id',
      'title',
      'content',
      'created_at',
      'author',
      'summary',
    ]);
    expect(note).toMatchObject({
      id: 1,
      title: 'First note',
      content: 'Hello world',
      author: alice.id,
      summary: null,
    });
    expect(note.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{6})?Z$/);
  });

  it('checks the title and content limits at their exact boundaries', async () => {
    const alice = await ctx.signUp();
    const post = (body: object) =>
      ctx.request('POST', '/api/notes/', { body, headers: alice.auth });
    expect((await post({ title: 't'.repeat(100), content: 'x' })).statusCode).toBe(201);
    const long = await post({ title: 't'.repeat(101), content: 'x' });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ title: ['Ensure this field has no more than 100 characters.'] });
    expect((await post({ title: 'x', content: 'c'.repeat(100_000) })).statusCode).toBe(201);
    expect((await post({ title: 'x', content: 'c'.repeat(100_001) })).json()).toEqual({
      content: ['Ensure this field has no more than 100000 characters.'],
    });
  });

  it('names missing, blank, null, wrongly typed and NUL fields', async () => {
    const alice = await ctx.signUp();
    const post = (body: unknown) =>
      ctx.request('POST', '/api/notes/', { body, headers: alice.auth });
    expect((await post({})).body).toBe(
      '{"title":["This field is required."],"content":["This field is required."]}',
    );
    expect((await post({ content: 'no title' })).json()).toEqual({ title: [DRF.required] });
    expect((await post({ title: 'x', content: '' })).json()).toEqual({ content: [DRF.blank] });
    expect((await post({ title: '   ', content: 'x' })).json()).toEqual({ title: [DRF.blank] });
    expect((await post({ title: null, content: 'x' })).json()).toEqual({ title: [DRF.null] });
    expect((await post({ title: 5, content: 'x' })).json()).toEqual({ title: [DRF.notAString] });
    expect((await post({ title: 'a\u0000b', content: 'x' })).json()).toEqual({
      title: [DRF.nullCharacters],
    });
    expect((await post([1, 2])).json()).toEqual({
      non_field_errors: ['Invalid data. Expected a dictionary, but got list.'],
    });
  });

  it('trims the title as DRF does', async () => {
    const alice = await ctx.signUp();
    const note = await createNote(alice, '  spaced  ', '  body  ');
    expect(note.title).toBe('spaced');
    expect(note.content).toBe('body');
  });
});

describe('GET /api/notes/', () => {
  it('lists only my notes, oldest first; newest first with ?ordering=-created_at', async () => {
    const alice = await ctx.signUp('alice');
    const bob = await ctx.signUp('bob');
    expect((await ctx.request('GET', '/api/notes/', { headers: alice.auth })).body).toBe('[]');
    await createNote(alice, 'one');
    await createNote(bob, 'bob note');
    await createNote(alice, 'two');
    await createNote(alice, 'three');
    const list = await ctx.request('GET', '/api/notes/', { headers: alice.auth });
    expect(list.statusCode).toBe(200);
    expect((list.json() as Array<{ title: string }>).map((n) => n.title)).toEqual([
      'one',
      'two',
      'three',
    ]);
    const newest = await ctx.request('GET', '/api/notes/?ordering=-created_at', {
      headers: alice.auth,
    });
    expect((newest.json() as Array<{ title: string }>).map((n) => n.title)).toEqual([
      'three',
      'two',
      'one',
    ]);
    const bad = await ctx.request('GET', '/api/notes/?ordering=title', { headers: alice.auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ ordering: ['"title" is not a valid choice.'] });
  });

  it('paginates with ?page= as DRF: count, next, previous, results', async () => {
    const alice = await ctx.signUp();
    for (let i = 1; i <= 12; i++) await createNote(alice, `n${i}`);
    const first = await ctx.request('GET', '/api/notes/?page=1', {
      headers: { ...alice.auth, host: 'prodify.test' },
    });
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(Object.keys(page1)).toEqual(['count', 'next', 'previous', 'results']);
    expect(page1.count).toBe(12);
    expect(page1.results).toHaveLength(10);
    expect(page1.next).toBe('http://prodify.test/api/notes/?page=2');
    expect(page1.previous).toBeNull();

    const second = await ctx.request('GET', '/api/notes/?page=2&page_size=10', {
      headers: { ...alice.auth, host: 'prodify.test' },
    });
    const page2 = second.json();
    expect(page2.results.map((n: { title: string }) => n.title)).toEqual(['n11', 'n12']);
    expect(page2.next).toBeNull();
    expect(page2.previous).toBe('http://prodify.test/api/notes/?page_size=10');

    const small = await ctx.request('GET', '/api/notes/?page=3&page_size=5', {
      headers: alice.auth,
    });
    expect(small.json().results.map((n: { title: string }) => n.title)).toEqual(['n11', 'n12']);

    const past = await ctx.request('GET', '/api/notes/?page=3', { headers: alice.auth });
    expect(past.statusCode).toBe(404);
    expect(past.json()).toEqual({ detail: 'Invalid page.' });
  });

  it('answers page 1 of an empty list, and 400 for bad page parameters', async () => {
    const alice = await ctx.signUp();
    const empty = await ctx.request('GET', '/api/notes/?page=1', { headers: alice.auth });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ count: 0, next: null, previous: null, results: [] });
    for (const query of ['page=0', 'page=abc', 'page=1&page_size=101', 'page=99999999999']) {
      const res = await ctx.request('GET', `/api/notes/?${query}`, { headers: alice.auth });
      expect(res.statusCode, query).toBe(400);
    }
    const two = await ctx.request('GET', '/api/notes/?page=2', { headers: alice.auth });
    expect(two.statusCode).toBe(404);
  });

  it('needs a signed-in user', async () => {
    const res = await ctx.request('GET', '/api/notes/');
    expect(res.statusCode).toBe(401);
    expect(res.body).toBe('{"detail":"Authentication credentials were not provided."}');
  });
});

describe('GET/PATCH /api/notes/:id/', () => {
  it('reads one note', async () => {
    const alice = await ctx.signUp();
    const note = await createNote(alice, 'one', 'body');
    const res = await ctx.request('GET', `/api/notes/${note.id}/`, { headers: alice.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...note, summary: null });
  });

  it('edits title and content; a changed content clears the saved summary', async () => {
    const alice = await ctx.signUp();
    const note = await createNote(alice, 'one', 'original text here');
    await ctx.request('POST', `/api/notes/${note.id}/summarize/`, { headers: alice.auth });

    const retitled = await ctx.request('PATCH', `/api/notes/${note.id}/`, {
      body: { title: 'renamed', content: 'original text here' },
      headers: alice.auth,
    });
    expect(retitled.json()).toMatchObject({
      title: 'renamed',
      summary: fakeSummary('original text here'),
    });

    const rewritten = await ctx.request('PATCH', `/api/notes/${note.id}/`, {
      body: { content: 'new text' },
      headers: alice.auth,
    });
    expect(rewritten.statusCode).toBe(200);
    expect(rewritten.json()).toMatchObject({
      title: 'renamed',
      content: 'new text',
      summary: null,
    });

    const empty = await ctx.request('PATCH', `/api/notes/${note.id}/`, {
      body: {},
      headers: alice.auth,
    });
    expect(empty.json()).toMatchObject({ title: 'renamed', content: 'new text' });

    const invalid = await ctx.request('PATCH', `/api/notes/${note.id}/`, {
      body: { title: '' },
      headers: alice.auth,
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ title: [DRF.blank] });
  });
});

describe('DELETE /api/notes/delete/:id/', () => {
  it('deletes: 204 with an empty body, then 404', async () => {
    const alice = await ctx.signUp();
    const note = await createNote(alice, 'bye');
    const res = await ctx.request('DELETE', `/api/notes/delete/${note.id}/`, {
      headers: alice.auth,
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(res.headers['content-type']).toBeUndefined();
    const again = await ctx.request('DELETE', `/api/notes/delete/${note.id}/`, {
      headers: alice.auth,
    });
    expect(again.statusCode).toBe(404);
    expect(again.body).toBe('{"detail":"Not found."}');
  });

  it('answers 404 for ids that cannot exist', async () => {
    const alice = await ctx.signUp();
    for (const id of ['999999', 'abc', '0', '-1', '2147483648', '99999999999999999999', '1.5']) {
      const res = await ctx.request('DELETE', `/api/notes/delete/${id}/`, { headers: alice.auth });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
  });
});

describe('POST /api/notes/:id/summarize/', () => {
  it('summarizes the note and saves the summary on it', async () => {
    const alice = await ctx.signUp();
    const note = await createNote(alice, 'meeting', 'We agreed to ship on Friday after review.');
    const res = await ctx.request('POST', `/api/notes/${note.id}/summarize/`, {
      headers: alice.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      summary: fakeSummary('We agreed to ship on Friday after review.'),
      engine: 'builtin',
    });
    const saved = await ctx.request('GET', `/api/notes/${note.id}/`, { headers: alice.auth });
    expect(saved.json().summary).toBe(fakeSummary('We agreed to ship on Friday after review.'));
    const list = await ctx.request('GET', '/api/notes/', { headers: alice.auth });
    expect(list.json()[0].summary).toBe(fakeSummary('We agreed to ship on Friday after review.'));
  });

  it('answers 503 without saving when the engine is unavailable', async () => {
    const alice = await ctx.signUp();
    const note = await createNote(alice, 'x', 'some text');
    ctx.summarizer.unavailable = true;
    const res = await ctx.request('POST', `/api/notes/${note.id}/summarize/`, {
      headers: alice.auth,
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ detail: 'The summary engine is down.' });
    const saved = await ctx.request('GET', `/api/notes/${note.id}/`, { headers: alice.auth });
    expect(saved.json().summary).toBeNull();
  });
});

describe('owner scoping', () => {
  it("answers 404 on every route for another user's note and leaves it unchanged", async () => {
    const alice = await ctx.signUp('alice');
    const bob = await ctx.signUp('bob');
    const note = await createNote(alice, 'private', 'secret content');
    const attempts: Array<[string, string, object | undefined]> = [
      ['GET', `/api/notes/${note.id}/`, undefined],
      ['PATCH', `/api/notes/${note.id}/`, { title: 'hacked', content: 'hacked' }],
      ['DELETE', `/api/notes/delete/${note.id}/`, undefined],
      ['POST', `/api/notes/${note.id}/summarize/`, undefined],
    ];
    for (const [method, url, body] of attempts) {
      const res = await ctx.request(method as 'GET', url, { headers: bob.auth, body });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    expect(ctx.summarizer.calls).toEqual([]);
    const mine = await ctx.request('GET', `/api/notes/${note.id}/`, { headers: alice.auth });
    expect(mine.json()).toMatchObject({
      title: 'private',
      content: 'secret content',
      summary: null,
    });
    const bobs = await ctx.request('GET', '/api/notes/', { headers: bob.auth });
    expect(bobs.json()).toEqual([]);
  });
});
