import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/support/database';
import { Mutex } from './pglite-dialect';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
beforeEach(async () => {
  await db.truncate();
});
afterAll(async () => {
  await db.drop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function addUser(name: string, executor = db.handle.db) {
  await executor.insertInto('users').values({ username: name, password_hash: 'x' }).execute();
}

async function usernames(): Promise<string[]> {
  const rows = await db.handle.db
    .selectFrom('users')
    .select('username')
    .orderBy('username')
    .execute();
  return rows.map((r) => r.username);
}

describe('transactions under concurrent requests', () => {
  it('a rolled-back transaction does not take concurrent writes with it', async () => {
    // Without serialization on PGlite's single connection, the plain insert below would run
    // inside the open transaction and vanish with its rollback.
    const failing = db.handle.db
      .transaction()
      .execute(async (trx) => {
        await addUser('in-tx', trx);
        await sleep(50);
        throw new Error('rollback');
      })
      .catch((error: Error) => error.message);
    await sleep(10);
    const outside = addUser('outside');
    expect(await failing).toBe('rollback');
    await outside;
    expect(await usernames()).toEqual(['outside']);
  });

  it('uncommitted rows stay invisible to concurrent reads', async () => {
    let seenInside: string[] = [];
    let seenOutside: string[] = [];
    const tx = db.handle.db.transaction().execute(async (trx) => {
      await addUser('pending', trx);
      await sleep(40);
      seenInside = (await trx.selectFrom('users').select('username').execute()).map(
        (r) => r.username,
      );
    });
    await sleep(10);
    seenOutside = await usernames();
    await tx;
    expect(seenInside).toEqual(['pending']);
    // PGlite answers after the commit (serialized); Postgres reads the snapshot before it.
    if (db.backend === 'postgres') expect(seenOutside).toEqual([]);
    else expect(seenOutside).toEqual(['pending']);
    expect(await usernames()).toEqual(['pending']);
  });

  it('many concurrent transactions each commit or roll back as a whole', async () => {
    const runs = Array.from({ length: 20 }, (_, i) =>
      db.handle.db
        .transaction()
        .execute(async (trx) => {
          await addUser(`a${i}`, trx);
          await sleep(i % 3);
          await addUser(`b${i}`, trx);
          if (i % 2 === 1) throw new Error('odd ones roll back');
        })
        .catch(() => undefined),
    );
    const plain = Array.from({ length: 10 }, (_, i) => addUser(`p${i}`));
    await Promise.all([...runs, ...plain]);
    const names = await usernames();
    const expected = [
      ...Array.from({ length: 10 }, (_, i) => [`a${i * 2}`, `b${i * 2}`]).flat(),
      ...Array.from({ length: 10 }, (_, i) => `p${i}`),
    ].sort();
    expect(names).toEqual(expected);
  });

  it('reports affected rows on both drivers', async () => {
    await addUser('one');
    const result = await db.handle.db
      .updateTable('users')
      .set({ password_hash: 'y' })
      .where('username', '=', 'one')
      .executeTakeFirst();
    expect(result.numUpdatedRows).toBe(1n);
    const none = await db.handle.db.deleteFrom('users').where('id', '=', -1).executeTakeFirst();
    expect(none.numDeletedRows).toBe(0n);
  });

  it('keeps session time zone UTC and DRF timestamps', async () => {
    const zone = await sql<{ TimeZone: string }>`show timezone`.execute(db.handle.db);
    expect(Object.values(zone.rows[0] ?? {})[0]).toBe('UTC');
    await addUser('stamp');
    const row = await db.handle.db
      .selectFrom('users')
      .select('created_at')
      .executeTakeFirstOrThrow();
    expect(row.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{6})?Z$/);
  });
});

describe('Mutex', () => {
  it('serves waiters in order and times out a waiter that waits too long', async () => {
    const mutex = new Mutex();
    const order: number[] = [];
    await mutex.lock(1000);
    const second = mutex.lock(1000).then(() => order.push(2));
    const third = mutex.lock(1000).then(() => order.push(3));
    mutex.unlock();
    await second;
    mutex.unlock();
    await third;
    expect(order).toEqual([2, 3]);
    await expect(mutex.lock(20)).rejects.toThrow('busy');
    mutex.unlock();
    await expect(mutex.lock(20)).resolves.toBeUndefined();
  });
});
