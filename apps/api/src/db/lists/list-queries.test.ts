import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/app';
import { EVENT_LIST } from '../../modules/events/events.queries';
import { NOTE_LIST } from '../../modules/notes/notes.queries';
import { TODO_LIST } from '../../modules/todos/todos.queries';
import { orderSql } from '../json-sql';
import type { RowDef } from '../rows';
import { jsonList, jsonPage, type ListSpec, type PagedListSpec } from './list-answer';

/**
 * The lists the database writes as JSON (ADR 0402) must be byte for byte what JSON.stringify
 * writes for the rows the drivers return (db/type-parsers.ts), on both back ends, for any text a
 * user can store; and every page must be exactly its slice of the whole list, whichever end of
 * the list it is read from.
 */
const ctx = useTestApp();
const db = () => ctx.db.handle.db;

/** Texts that JSON escaping gets wrong if anything does. */
const HOSTILE = [
  'plain',
  'quote " and backslash \\ and slash /',
  'controls \u0001\u0002\u0007\b\f\n\r\t\u000b\u001f end',
  'del \u007f and c1 \u0080\u009f',
  'line separators \u2028 \u2029',
  'emoji 😀👩‍👩‍👧 and flags 🇫🇷',
  'combining e\u0301 and rtl \u202e text',
  "sql ' ; drop table notes; --",
  '</script><script>alert(1)</script>',
  '{"json": [1, 2]}',
  ' leading and trailing spaces ',
  '\uffff\ufffe non-characters',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 astral',
];

/** Any text Postgres can store: valid UTF-8 without NUL. */
const storableText = fc
  .oneof(
    fc.constantFrom(...HOSTILE),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
  )
  .map((s) => s.replaceAll('\u0000', ''))
  .filter((s) => s.length > 0);

/** Timestamps with and without fractions (DRF prints none when the microseconds are 0). */
const TIMESTAMPS = [
  '2026-01-02 03:04:05+00',
  '2026-01-02 03:04:05.1+00',
  '2026-01-02 03:04:05.000001+00',
  '2026-01-02 03:04:05.123456+00',
  '2026-12-31 23:59:59.999+00',
  '2026-06-15 12:00:00+02',
];

async function addUser(name: string): Promise<number> {
  const row = await db()
    .insertInto('users')
    .values({ username: name, password_hash: 'x' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The rows as the drivers return them (db/type-parsers.ts), with the keys and columns of the
 * row definition: what JSON.stringify writes for them is what the database must write.
 */
async function reference<Q>(spec: ListSpec<Q>, userId: number, query: Q) {
  const columns = spec.row.fields.map((f) => `r.${f.column} as "${f.key}"`).join(', ');
  const { rows } = await sql`
    select ${sql.raw(columns)} from ${sql.raw(spec.row.table)} r
    where r.user_id = ${userId} and ${spec.where?.(query) ?? sql`true`}
    order by ${sql.raw(orderSql('r', spec.order(query)))}`.execute(db());
  // An optional key (a later addition, e.g. an event's end_time) is left out when null.
  const optional = spec.row.fields.filter((f) => f.optional).map((f) => f.key);
  return rows.map((row) =>
    Object.fromEntries(
      Object.entries(row as object).filter(([k, v]) => !(v === null && optional.includes(k))),
    ),
  );
}

const list = <Q>(spec: ListSpec<Q>, userId: number, query: Q) =>
  jsonList(db(), { row: spec.row as RowDef }, userId, {
    where: spec.where?.(query),
    order: spec.order(query),
  });

const page = <Q>(spec: PagedListSpec<Q>, userId: number, query: Q, size: number, offset: number) =>
  jsonPage(db(), { row: spec.row as RowDef, count: spec.count }, userId, {
    where: spec.where?.(query),
    order: spec.order(query),
    page: { offset, limit: size },
  });

/** A filtered list: its pages are counted by the query instead of the kept counts. */
const DATED_TODOS: PagedListSpec<object> = {
  ...(TODO_LIST as PagedListSpec<object>),
  where: () => sql`r.due_date is not null`,
};

const NOTE_QUERIES = [{}, { ordering: 'created_at' }, { ordering: '-created_at' }] as const;
const TODO_QUERIES = [
  {},
  { ordering: 'created_at' },
  { ordering: 'due_date' },
  { ordering: '-due_date' },
  { ordering: 'priority' },
  { ordering: '-priority' },
] as const;
const EVENT_QUERIES = [
  {},
  { date: '2026-03-01' },
  { date: '' },
  { from: '2024-01-01', to: '2026-02-28' },
  { from: '2026-01-01' },
] as const;

describe('lists written by the database', () => {
  it('are the bytes JSON.stringify writes, for any storable text', async () => {
    const alice = await addUser('alice');
    const bob = await addUser('bob');
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            title: storableText.map((s) => s.slice(0, 100)),
            content: storableText,
            summary: fc.option(storableText, { nil: null }),
            createdAt: fc.constantFrom(...TIMESTAMPS),
            due: fc.option(fc.constantFrom('2026-02-28', '2024-02-29', '0999-01-01'), {
              nil: null,
            }),
            time: fc.option(fc.constantFrom('00:00:00', '09:30:00', '23:59:59'), { nil: null }),
            endTime: fc.option(fc.constantFrom('00:00:01', '23:59:59'), { nil: null }),
            priority: fc.constantFrom('L', 'M', 'H'),
            completed: fc.boolean(),
          }),
          { maxLength: 8 },
        ),
        async (items) => {
          await sql`delete from notes`.execute(db());
          await sql`delete from todos`.execute(db());
          await sql`delete from events`.execute(db());
          for (const item of items) {
            for (const owner of [alice, bob]) {
              await sql`insert into notes (user_id, title, content, summary, created_at)
                values (${owner}, ${item.title}, ${item.content}, ${item.summary}, ${item.createdAt}::timestamptz)`.execute(
                db(),
              );
            }
            await sql`insert into todos (user_id, task, due_date, priority, completed, created_at)
              values (${alice}, ${item.content.slice(0, 255)}, ${item.due}::date, ${item.priority},
                ${item.completed}, ${item.createdAt}::timestamptz)`.execute(db());
            // Any text as the rule: what is checked here is its JSON, not its meaning.
            await sql`insert into events (user_id, title, date, time, end_time, rrule, created_at)
              values (${alice}, ${item.title}, ${item.due ?? '2026-03-01'}::date, ${item.time}::time,
                ${item.endTime}::time, ${item.summary?.slice(0, 255) ?? null},
                ${item.createdAt}::timestamptz)`.execute(db());
          }
          for (const query of NOTE_QUERIES) {
            expect((await list(NOTE_LIST, alice, query)).body).toBe(
              JSON.stringify(await reference(NOTE_LIST, alice, query)),
            );
          }
          for (const query of TODO_QUERIES) {
            expect((await list(TODO_LIST, alice, query)).body).toBe(
              JSON.stringify(await reference(TODO_LIST, alice, query)),
            );
          }
          for (const query of EVENT_QUERIES) {
            expect((await list(EVENT_LIST, alice, query)).body).toBe(
              JSON.stringify(await reference(EVENT_LIST, alice, query)),
            );
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('answer [] for a user without rows', async () => {
    const carol = await addUser('carol');
    expect((await list(NOTE_LIST, carol, {})).body).toBe('[]');
    expect((await list(TODO_LIST, carol, {})).body).toBe('[]');
    expect((await list(EVENT_LIST, carol, {})).body).toBe('[]');
    expect(await page(NOTE_LIST, carol, {}, 10, 0)).toMatchObject({
      count: 0,
      results: null,
    });
  });

  it('page every list exactly as slicing the whole list, from either end', async () => {
    const alice = await addUser('alice');
    const bob = await addUser('bob');
    // 23 rows with repeated timestamps and due dates, so the tie-breakers decide the order.
    for (let i = 0; i < 23; i++) {
      const at = TIMESTAMPS[i % 3] as string;
      await sql`insert into notes (user_id, title, content, created_at)
        values (${alice}, ${`n${i}`}, ${'text'}, ${at}::timestamptz)`.execute(db());
      await sql`insert into todos (user_id, task, due_date, created_at)
        values (${alice}, ${`t${i}`}, ${i % 4 === 0 ? null : `2026-05-0${(i % 3) + 1}`}::date,
          ${at}::timestamptz)`.execute(db());
      await sql`insert into notes (user_id, title, content) values (${bob}, 'other', 'x')`.execute(
        db(),
      );
    }
    for (const query of NOTE_QUERIES) {
      const all = await reference(NOTE_LIST, alice, query);
      for (const size of [1, 2, 5, 10, 22, 23, 100]) {
        for (let offset = 0; offset < all.length; offset += size) {
          const got = await page(NOTE_LIST, alice, query, size, offset);
          expect(got.count).toBe(23);
          expect(got.results, `${JSON.stringify(query)} size ${size} offset ${offset}`).toBe(
            JSON.stringify(all.slice(offset, offset + size)),
          );
        }
        expect((await page(NOTE_LIST, alice, query, size, 23)).results).toBeNull();
      }
    }
    const dated = await reference(DATED_TODOS, alice, { ordering: 'due_date' });
    expect(dated).toHaveLength(17);
    for (const size of [1, 4, 17]) {
      for (let offset = 0; offset < 17; offset += size) {
        const got = await page(DATED_TODOS, alice, { ordering: 'due_date' }, size, offset);
        expect(got.count).toBe(17);
        expect(got.results).toBe(JSON.stringify(dated.slice(offset, offset + size)));
      }
      expect((await page(DATED_TODOS, alice, {}, size, 17)).results).toBeNull();
    }
    for (const query of TODO_QUERIES) {
      const all = await reference(TODO_LIST, alice, query);
      for (const size of [1, 3, 10, 23]) {
        for (let offset = 0; offset < all.length; offset += size) {
          const got = await page(TODO_LIST, alice, query, size, offset);
          expect(got.count).toBe(23);
          expect(got.results, `${JSON.stringify(query)} size ${size} offset ${offset}`).toBe(
            JSON.stringify(all.slice(offset, offset + size)),
          );
        }
      }
    }
  });
});
