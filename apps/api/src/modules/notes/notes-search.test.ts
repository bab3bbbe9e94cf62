import { DRF } from '@prodify/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type TestUser, useTestApp } from '../../../test/support/app';

/** `GET /api/notes/?search=` (issue 10, ADR 0410): DRF's SearchFilter, accents ignored. */
const ctx = useTestApp();

type Note = { id: number; title: string; content: string };

async function search(user: TestUser, query: string) {
  const res = await ctx.request('GET', `/api/notes/?${query}`, { headers: user.auth });
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  return res.json() as Note[] & { count: number; results: Note[]; next: string | null };
}
const titles = async (user: TestUser, query: string) =>
  (await search(user, query)).map((n) => n.title);

/** Notes created one second apart, oldest first. */
async function seedNotes(user: TestUser, notes: [string, string][]) {
  for (const [title, content] of notes) {
    const res = await ctx.request('POST', '/api/notes/', {
      body: { title, content },
      headers: user.auth,
    });
    expect(res.statusCode).toBe(201);
  }
  await sql`update notes set created_at = '2026-01-01'::timestamptz + make_interval(secs => id)
    where user_id = ${user.id}`.execute(ctx.db.handle.db);
  ctx.app.listCache.clear();
}

const NOTES: [string, string][] = [
  ['Groceries', 'Buy milk, eggs and a Crème Brûlée for Zoë.'],
  ['Meeting notes', 'Discussed the budget. Action: call the bank.'],
  ['Budget 2026', 'Rent, food, travel to São Paulo.'],
  ['Travel plans', 'Visit the BANK before the trip; budget in euros.'],
  ['Odd characters', 'Progress: 100% done, file_name.txt, path C:\\temp'],
  ['Bank budget', 'Numbers.'],
];

describe('GET /api/notes/?search=', () => {
  it('keeps the notes with every word in title or content, title hits first', async () => {
    const alice = await ctx.signUp();
    const bob = await ctx.signUp();
    await seedNotes(alice, NOTES);
    await seedNotes(bob, NOTES);
    // Title hits (every word in the title) first, then the others, each oldest first.
    expect(await titles(alice, 'search=budget')).toEqual([
      'Budget 2026',
      'Bank budget',
      'Meeting notes',
      'Travel plans',
    ]);
    expect(await titles(alice, 'search=bank%20budget')).toEqual([
      'Bank budget',
      'Meeting notes',
      'Travel plans',
    ]);
    // A word may be in the title and another in the content.
    expect(await titles(alice, 'search=travel%20paulo')).toEqual(['Budget 2026']);
    expect(await titles(alice, 'search=budget%20nothing')).toEqual([]);
    // Substrings, as DRF's icontains.
    expect(await titles(alice, 'search=roceri')).toEqual(['Groceries']);
  });

  it('ignores case and accents on both sides', async () => {
    const alice = await ctx.signUp();
    await seedNotes(alice, NOTES);
    for (const words of ['creme%20brulee', 'CRÈME%20BRÛLÉE', 'zoe', 'Zoë', 'sao%20PAULO']) {
      expect(await titles(alice, `search=${words}`), words).toHaveLength(1);
    }
  });

  it('takes %, _ and \\ literally', async () => {
    const alice = await ctx.signUp();
    await seedNotes(alice, NOTES);
    expect(await titles(alice, 'search=100%25')).toEqual(['Odd characters']);
    expect(await titles(alice, 'search=%25')).toEqual(['Odd characters']);
    expect(await titles(alice, 'search=file_name')).toEqual(['Odd characters']);
    expect(await titles(alice, 'search=_')).toEqual(['Odd characters']);
    expect(await titles(alice, 'search=c%3A%5Ctemp')).toEqual(['Odd characters']);
    expect(await titles(alice, 'search=file%25name')).toEqual([]);
    expect(await titles(alice, 'search=b_nk')).toEqual([]);
  });

  it('combines with ?page= and ?ordering=', async () => {
    const alice = await ctx.signUp();
    const many: [string, string][] = [];
    for (let i = 0; i < 13; i++) {
      many.push(i % 3 === 0 ? [`Budget ${i}`, 'x'] : [`Note ${i}`, `about the budget ${i}`]);
    }
    await seedNotes(alice, [...many, ['Other', 'nothing']]);
    const all = await search(alice, 'search=budget');
    expect(all).toHaveLength(13);
    expect(all.slice(0, 5).map((n) => n.title)).toEqual([
      'Budget 0',
      'Budget 3',
      'Budget 6',
      'Budget 9',
      'Budget 12',
    ]);
    const pages: Note[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await search(alice, `search=budget&page=${page}&page_size=5`);
      expect(res.count).toBe(13);
      pages.push(...res.results);
      if (page === 1) expect(res.next).toContain('search=budget');
    }
    expect(pages).toEqual(all);
    const past = await ctx.request('GET', '/api/notes/?search=budget&page=4&page_size=5', {
      headers: alice.auth,
    });
    expect(past.statusCode).toBe(404);
    // An explicit ordering wins over the title hits.
    const newest = await titles(alice, 'search=budget&ordering=-created_at');
    expect(newest[0]).toBe('Budget 12');
    expect(newest[1]).toBe('Note 11');
    const paged = await search(alice, 'search=budget&ordering=-created_at&page=2&page_size=5');
    expect(paged.results.map((n) => n.title)).toEqual(newest.slice(5, 10));
  });

  it('answers exactly today’s list without a search, and 400 for a too long one', async () => {
    const alice = await ctx.signUp();
    await seedNotes(alice, NOTES);
    const plain = await ctx.request('GET', '/api/notes/', { headers: alice.auth });
    const page = await ctx.request('GET', '/api/notes/?page=1', { headers: alice.auth });
    for (const query of ['search=', 'search=%20', 'search=%2C%2C', 'search=%22%22']) {
      const res = await ctx.request('GET', `/api/notes/?${query}`, { headers: alice.auth });
      expect(res.body, query).toBe(plain.body);
      const paged = await ctx.request('GET', `/api/notes/?${query}&page=1`, {
        headers: alice.auth,
      });
      expect(paged.json().results, query).toEqual(page.json().results);
    }
    const long = await ctx.request('GET', `/api/notes/?search=${'a'.repeat(201)}`, {
      headers: alice.auth,
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ search: [DRF.maxLength(200)] });
  });

  it('sees changes at once (the cached answers follow the list version)', async () => {
    const alice = await ctx.signUp();
    await seedNotes(alice, NOTES);
    expect(await titles(alice, 'search=milk')).toEqual(['Groceries']);
    const note = (await search(alice, 'search=milk'))[0] as Note;
    await ctx.request('PATCH', `/api/notes/${note.id}/`, {
      body: { content: 'Nothing to buy.' },
      headers: alice.auth,
    });
    expect(await titles(alice, 'search=milk')).toEqual([]);
    await ctx.request('DELETE', `/api/notes/delete/${note.id}/`, { headers: alice.auth });
    expect(await titles(alice, 'search=groceries')).toEqual([]);
  });
});
