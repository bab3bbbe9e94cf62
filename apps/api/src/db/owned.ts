import { type Insertable, sql } from 'kysely';
import { parseRow, type RowDef, type RowOf } from './rows';
import type { Database, Executor } from './types';

/** The tables of the users' own things; every query on them is scoped to one user. */
export type OwnedTable = 'notes' | 'todos' | 'events';

type OwnedRow = RowDef & { table: OwnedTable };

/** What an insert of a row takes: its table's columns but the owner, which the caller is. */
export type NewOwned<R extends OwnedRow> = Omit<Insertable<Database[R['table']]>, 'user_id'>;

/** One of the user's rows as its API object, or undefined (someone else's is not found). */
export async function findOwned<R extends OwnedRow>(
  db: Executor,
  row: R,
  userId: number,
  id: number,
): Promise<RowOf<R> | undefined> {
  const found = await db
    .selectFrom(row.table as OwnedTable)
    .select(row.json)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return parseRow(row, found);
}

/** The key under which a trashed event keeps its occurrence exceptions (no column has it). */
export const TRASHED_EXCEPTIONS = '_exceptions';

/** The trash's name for a row of each table (migration 202611260100). */
export const TRASH_KIND = { notes: 'note', todos: 'todo', events: 'event' } as const;

/**
 * Deletes one of the user's rows, moving it whole to the trash in the same statement (ADR
 * 0411): it leaves its table, so its lists, counts and version change as for any delete.
 * False when there was none.
 */
export async function deleteOwned(
  db: Executor,
  table: OwnedTable,
  userId: number,
  id: number,
): Promise<boolean> {
  // A series' changed or deleted occurrences go with it (their rows cascade with the event's);
  // every part of one statement sees the rows as they were before it.
  const children =
    table === 'events'
      ? sql`jsonb_build_object(${TRASHED_EXCEPTIONS}::text, (
          select coalesce(jsonb_agg(to_jsonb(x)), '[]'::jsonb)
          from event_exceptions x where x.event_id = moved.id))`
      : sql`'{}'::jsonb`;
  const { rows } = await sql<{ item_id: number }>`
    with moved as (
      delete from ${sql.table(table)} where user_id = ${userId} and id = ${id} returning *
    )
    insert into trash (kind, item_id, user_id, data)
    select ${TRASH_KIND[table]}, moved.id, moved.user_id, to_jsonb(moved) || ${children} from moved
    returning item_id
  `.execute(db);
  return rows.length > 0;
}

/** Adds a row for the user and answers its API object (a body's keys are its columns). */
export async function insertOwned<R extends OwnedRow>(
  db: Executor,
  row: R,
  userId: number,
  values: NewOwned<R>,
): Promise<RowOf<R>> {
  const inserted = await db
    .insertInto(row.table as OwnedTable)
    // The signature checked the values against the table; Kysely cannot follow a generic one.
    .values({ ...values, user_id: userId } as Insertable<Database[OwnedTable]>)
    .returning(row.json)
    .executeTakeFirstOrThrow();
  return parseRow(row, inserted);
}
