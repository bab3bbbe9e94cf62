import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type TestUser, useTestApp } from '../../test/support/app';
import { migrateToLatest, staticMigrations } from './migrate';

/**
 * A page's `count` comes from `user_list_counts`, kept by triggers in the same transaction as
 * each insert and delete (ADR 0402). It must stay exactly `count(*)` whatever runs at once.
 */
const ctx = useTestApp();
const db = () => ctx.db.handle.db;

async function actualCounts(userId: number) {
  const { rows } = await sql<{ notes: number; todos: number }>`
    select (select count(*) from notes where user_id = ${userId}) as notes,
           (select count(*) from todos where user_id = ${userId}) as todos`.execute(db());
  return { notes: Number(rows[0]?.notes), todos: Number(rows[0]?.todos) };
}

async function keptCounts(userId: number) {
  return db()
    .selectFrom('user_list_counts')
    .select(['notes', 'todos'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

async function pageCount(user: TestUser, list: 'notes' | 'todos') {
  const res = await ctx.request('GET', `/api/${list}/?page=1&page_size=1`, { headers: user.auth });
  expect(res.statusCode).toBe(200);
  return (res.json() as { count: number }).count;
}

describe('per-user list counts', () => {
  it('stay exact under concurrent creates and deletes', async () => {
    const alice = await ctx.signUp('alice');
    const bob = await ctx.signUp('bob');
    const create = (user: TestUser, i: number) =>
      i % 2 === 0
        ? ctx.request('POST', '/api/notes/', {
            body: { title: `n${i}`, content: 'text' },
            headers: user.auth,
          })
        : ctx.request('POST', '/api/todos/', { body: { task: `t${i}` }, headers: user.auth });
    const created = await Promise.all(
      Array.from({ length: 120 }, (_, i) => create(i % 3 === 0 ? bob : alice, i)),
    );
    expect(created.every((r) => r.statusCode === 201)).toBe(true);

    // Delete half of them while creating more, all at once; some deletes hit the same row twice.
    const ids = created.map((r, i) => ({ id: (r.json() as { id: number }).id, i }));
    const work = [
      ...ids
        .filter(({ i }) => i % 4 < 2)
        .flatMap(({ id, i }) => {
          const user = i % 3 === 0 ? bob : alice;
          const url = i % 2 === 0 ? `/api/notes/delete/${id}/` : `/api/todos/${id}/`;
          const remove = () => ctx.request('DELETE', url, { headers: user.auth });
          return i % 8 === 0 ? [remove(), remove()] : [remove()];
        }),
      ...Array.from({ length: 60 }, (_, i) => create(i % 3 === 0 ? bob : alice, 1000 + i)),
    ];
    const results = await Promise.all(work);
    expect(results.every((r) => [201, 204, 404].includes(r.statusCode))).toBe(true);

    for (const user of [alice, bob]) {
      const actual = await actualCounts(user.id);
      expect(await keptCounts(user.id)).toEqual(actual);
      expect(await pageCount(user, 'notes')).toBe(actual.notes);
      expect(await pageCount(user, 'todos')).toBe(actual.todos);
    }
  });

  it('count a many-row statement once per row, and leave with the account', async () => {
    const alice = await ctx.signUp('alice');
    const bob = await ctx.signUp('bob');
    await sql`insert into notes (user_id, title, content)
      select u, 'bulk', 'x' from (values (${alice.id}::int), (${bob.id}::int)) v(u),
        generate_series(1, 250)`.execute(db());
    expect(await keptCounts(alice.id)).toEqual({ notes: 250, todos: 0 });
    await sql`delete from notes where user_id = ${alice.id} and id % 2 = 0`.execute(db());
    expect(await keptCounts(alice.id)).toEqual(await actualCounts(alice.id));

    const deleted = await ctx.request('POST', '/api/delete-account/', {
      body: { password: alice.password },
      headers: alice.auth,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await keptCounts(alice.id)).toBeUndefined();
    expect(await keptCounts(bob.id)).toEqual({ notes: 250, todos: 0 });
  });

  it('refuse to move a row to another user (the counts would drift)', async () => {
    const alice = await ctx.signUp('alice');
    const bob = await ctx.signUp('bob');
    await ctx.request('POST', '/api/notes/', {
      body: { title: 'mine', content: 'x' },
      headers: alice.auth,
    });
    await expect(
      sql`update notes set user_id = ${bob.id} where user_id = ${alice.id}`.execute(db()),
    ).rejects.toThrow(/cannot change/);
    expect(await keptCounts(alice.id)).toEqual({ notes: 1, todos: 0 });
  });

  it('are filled in for existing rows by the migration', async () => {
    // The account is made by today's app, before the schema goes back to its first migration
    // (today's sign-up needs today's tables); its rows are added under the old schema.
    const alice = await ctx.signUp('alice');
    const migrator = new Migrator({ db: db(), provider: staticMigrations });
    const down = await migrator.migrateTo('202611211600_create_tables');
    expect(down.error).toBeUndefined();
    try {
      await sql`insert into notes (user_id, title, content)
        select ${alice.id}, 'old', 'x' from generate_series(1, 7)`.execute(db());
      await sql`insert into todos (user_id, task)
        select ${alice.id}, 'old' from generate_series(1, 3)`.execute(db());
      await migrateToLatest(db());
      expect(await keptCounts(alice.id)).toEqual({ notes: 7, todos: 3 });
      // Signed in again: the sessions of before the round trip went with their table.
      const login = await ctx.request('POST', '/api/token/', {
        body: { username: alice.username, password: alice.password },
      });
      expect(login.statusCode, login.body).toBe(200);
      const auth = { authorization: `Bearer ${(login.json() as { access: string }).access}` };
      expect(await pageCount({ ...alice, auth }, 'notes')).toBe(7);
    } finally {
      await migrateToLatest(db());
    }
  });
});
