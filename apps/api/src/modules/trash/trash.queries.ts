import { TRASH_DAYS } from '@prodify/contract';
import { sql } from 'kysely';
import { jsonObjectSql, sqlName, valueSql } from '../../db/json-sql';
import { type OwnedTable, TRASH_KIND, TRASHED_EXCEPTIONS } from '../../db/owned';
import { parseRow, type RowDef, type RowOf } from '../../db/rows';
import { EVENT_ROW, NOTE_ROW, TODO_ROW } from '../../db/tables';
import type { Executor } from '../../db/types';

/**
 * The trash's queries (ADR 0411). Rows are moved here by `deleteOwned` (db/owned.ts). An entry
 * older than TRASH_DAYS is gone for every query at once, whether or not the purge has deleted
 * it yet; the purge only reclaims the space.
 */

type OwnedRow = RowDef & { table: OwnedTable };

const ROWS: readonly OwnedRow[] = [NOTE_ROW, TODO_ROW, EVENT_ROW];

/** Entries still within their days (alias `t`). */
const live = (alias = 't') =>
  sql`${sql.raw(sqlName(alias))}.deleted_at > now() - make_interval(days => ${TRASH_DAYS})`;

/** The item of a trash entry `t` as its table's row `r` (the columns of today's table). */
const itemRow = (row: OwnedRow) =>
  sql`cross join lateral jsonb_populate_record(null::${sql.table(row.table)}, t.data) r`;

/** An entry `t` of `row`'s kind, its item read as `r`, as `{kind, deleted_at, item}` JSON text. */
const entrySql = (row: OwnedRow) =>
  sql`'{"kind":"' || t.kind || '","deleted_at":' || ${sql.raw(valueSql('t.deleted_at', 'timestamptz'))}
    || ',"item":' || ${sql.raw(jsonObjectSql('r', row.fields))} || '}'`;

/** The trash's order, newest first, of the entries under `alias`. */
const trashOrder = (alias: 't' | 'e') =>
  sql.raw(`${alias}.deleted_at desc, ${alias}.kind, ${alias}.item_id desc`);

/**
 * The user's trash as one JSON array text, newest first: `{kind, deleted_at, item}` with the
 * item written by the same SQL as its lists (db/json-sql.ts).
 */
export async function listTrash(db: Executor, userId: number): Promise<string> {
  const entries = ROWS.map(
    (row) => sql`
      select t.deleted_at, t.kind, t.item_id, ${entrySql(row)} as entry
      from trash t ${itemRow(row)}
      where t.user_id = ${userId} and t.kind = ${TRASH_KIND[row.table]} and ${live()}`,
  );
  const { rows } = await sql<{ body: string }>`
    select coalesce(
      '[' || string_agg(e.entry, ',' order by ${trashOrder('e')}) || ']',
      '[]') as body
    from (${sql.join(entries, sql` union all `)}) e
  `.execute(db);
  return rows[0]?.body ?? '[]';
}

/**
 * One page of the trash (`?page=`) in one statement, so that the count and the page agree: the
 * user's live entries are numbered in listTrash's order by their keys alone, and only the
 * page's entries are read whole and written as JSON. `results` is null past the end.
 */
export async function trashPage(
  db: Executor,
  userId: number,
  limit: number,
  offset: number,
): Promise<{ count: number; results: string | null }> {
  const entries = ROWS.map(
    (row) => sql`
      select k.n, ${entrySql(row)} as entry
      from numbered k join trash t on t.kind = k.kind and t.item_id = k.item_id ${itemRow(row)}
      where k.kind = ${TRASH_KIND[row.table]}
        and k.n > ${offset}::bigint and k.n <= ${offset}::bigint + ${limit}::integer`,
  );
  const { rows } = await sql<{ count: number | string; results: string | null }>`
    with numbered as materialized (
      select t.kind, t.item_id, row_number() over (order by ${trashOrder('t')}) as n
      from trash t
      where t.user_id = ${userId} and ${live()}
    )
    select (select count(*) from numbered) as count,
      (select '[' || string_agg(e.entry, ',' order by e.n) || ']'
       from (${sql.join(entries, sql` union all `)}) e) as results
  `.execute(db);
  return { count: Number(rows[0]?.count ?? 0), results: rows[0]?.results ?? null };
}

/**
 * Puts one of the user's trashed rows back in its table with its id and every column, in one
 * statement (its lists, counts and version change as for an insert); undefined when the user
 * has no such entry within its days.
 */
export async function restoreOwned<R extends OwnedRow>(
  db: Executor,
  row: R,
  userId: number,
  id: number,
): Promise<RowOf<R> | undefined> {
  // An event's occurrence exceptions come back with it, in the same statement (foreign keys
  // are checked at its end).
  const children =
    row.table === 'events'
      ? sql`, exceptions as (
          insert into event_exceptions
          select x.* from t cross join lateral jsonb_populate_recordset(
            null::event_exceptions, coalesce(t.data -> ${TRASHED_EXCEPTIONS}::text, '[]'::jsonb)) x
        )`
      : sql``;
  const { rows } = await sql<{ json: string }>`
    with t as (
      delete from trash t
      where t.kind = ${TRASH_KIND[row.table]} and t.item_id = ${id} and t.user_id = ${userId}
        and ${live()}
      returning t.data
    ), restored as (
      insert into ${sql.table(row.table)} overriding system value
      select r.* from t ${itemRow(row)}
      returning ${row.json}
    )${children}
    select * from restored
  `.execute(db);
  return parseRow(row, rows[0]);
}

/** Deletes one of the user's trash entries for good; false when they have no such entry. */
export async function removeTrashed(
  db: Executor,
  table: OwnedTable,
  userId: number,
  id: number,
): Promise<boolean> {
  const result = await sql`
    delete from trash t
    where t.kind = ${TRASH_KIND[table]} and t.item_id = ${id} and t.user_id = ${userId}
      and ${live()}
  `.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/** Deletes the user's trash for good. */
export async function emptyTrash(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('trash').where('user_id', '=', userId).execute();
}

/** Deletes every entry past its days, of every user; answers how many. */
export async function purgeTrash(db: Executor): Promise<number> {
  const result = await sql`
    delete from trash where deleted_at <= now() - make_interval(days => ${TRASH_DAYS})
  `.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
