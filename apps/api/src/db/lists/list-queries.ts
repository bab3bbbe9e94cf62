import { type RawBuilder, sql } from 'kysely';
import { jsonObjectSql, type OrderTerm, orderSql, reversed, sqlName } from '../json-sql';
import type { RowDef } from '../rows';

/**
 * A user's list as one JSON array text written by the database (db/json-sql.ts, ADR 0402), and
 * its pages. Raw SQL below interpolates only the row definitions' checked names; values are
 * always bound parameters.
 */

/** The columns of `user_list_counts` that count a user's rows (migration 202611221000). */
export type ListCountColumn = 'notes' | 'todos';

const ROW = 'r';

/** `[obj,obj,...]` of the rows (alias `r`) in order, or `[]`. */
function arraySql(spec: RowDef, order: readonly OrderTerm[]): string {
  return `coalesce('[' || string_agg(${jsonObjectSql(ROW, spec.fields)}, ',' order by ${orderSql(ROW, order)}) || ']', '[]')`;
}

/**
 * The user's list version (migration 202611231000), read by the same statement as the list, so
 * that the text and the version come from one snapshot; null before the user has a row.
 */
export function versionSql(userId: number): RawBuilder<number | null> {
  return sql`(select version from user_list_counts where user_id = ${userId})`;
}

export interface JsonListText {
  /** The rows as one JSON array text. */
  body: string;
  /** The user's list version this was read at (see list-cache.ts). */
  version: number | null;
}

/**
 * What one read of a user's list asks for: which rows (a condition on alias `r`; all without
 * one), in which order, and, for `?search=`, the rows that come first (its title hits), which
 * ranked-queries.ts reads.
 */
export interface ListQuery {
  where?: RawBuilder<unknown> | undefined;
  order: readonly OrderTerm[];
  search?: RawBuilder<boolean> | undefined;
}

/** Which rows of the list a page holds. */
export interface ListPage {
  offset: number;
  limit: number;
}

/** A list query for one page: `{ where, order, page, search }`. */
export interface ListPageQuery extends ListQuery {
  page: ListPage;
}

/** A list's rows, and the column of `user_list_counts` that counts them, if one does. */
export interface ListTable {
  row: RowDef;
  count?: ListCountColumn | undefined;
}

/** Every row of the user's list as one JSON array text, in the list's order. */
export function listQuery({ row: spec }: ListTable, userId: number, { where, order }: ListQuery) {
  return sql<{ body: string; version: number | null }>`
    select ${sql.raw(arraySql(spec, order))} as body, ${versionSql(userId)} as version
    from ${sql.raw(sqlName(spec.table))} ${sql.raw(ROW)}
    where ${sql.raw(ROW)}.user_id = ${userId} and ${where ?? sql`true`}
  `;
}

export interface JsonPage {
  /** The user's number of rows (kept by triggers, see migration 202611221000). */
  count: number;
  /** The page's rows as a JSON array text; null when the offset is past the end. */
  results: string | null;
  /** The user's list version this was read at (see list-cache.ts). */
  version: number | null;
}

/**
 * One page of a user's list in one statement, so that its count and its rows come from the same
 * snapshot. The page's ids come from the index alone (an index-only scan of the list's
 * order), read from whichever end of the list is nearer, so no page skips more than half of the
 * list; then the page's rows are fetched by those ids (the "deferred join"). The ids go in an
 * array rather than a join: the far end's row count is an expression the planner cannot
 * estimate, and it planned a join with it as a hash join over every row of the table.
 */
export function pageQuery(
  { row: spec, count: countColumn }: ListTable,
  userId: number,
  { where: filter, order, page }: ListPageQuery,
) {
  const { offset, limit } = page;
  const table = sql.raw(sqlName(spec.table));
  const row = sql.raw(ROW);
  const array = sql.raw(arraySql(spec, order));
  const where = filter ?? sql`true`;
  const pageFrom = (
    direction: readonly OrderTerm[],
    skip: RawBuilder<unknown>,
    take: RawBuilder<unknown>,
  ) => sql`
    (select ${array}
     from ${table} ${row}
     where ${row}.user_id = ${userId}
       and ${row}.id = any(array(
         select ${row}.id from ${table} ${row} where ${row}.user_id = ${userId} and ${where}
         order by ${sql.raw(orderSql(ROW, direction))} limit ${take} offset ${skip})))`;
  // Without a filter the count is the one the triggers keep; with one (or no kept count) it is
  // counted.
  const total =
    filter || !countColumn
      ? sql`(select count(*) from ${table} ${row} where ${row}.user_id = ${userId} and ${where})`
      : sql`coalesce(
        (select ${sql.ref(countColumn)} from user_list_counts where user_id = ${userId}), 0)`;
  // bigint: the last allowed page (2147483647) times 100 rows overflows an integer.
  const off = sql`${offset}::bigint`;
  const lim = sql`${limit}::integer`;
  return sql<{ count: number; results: string | null; version: number | null }>`
    with total as (select ${total} as n)
    select total.n as count, ${versionSql(userId)} as version,
      case
        when ${off} >= total.n then null
        when 2 * ${off} + ${lim} <= total.n then ${pageFrom(order, off, lim)}
        else ${pageFrom(
          reversed(order),
          sql`greatest(total.n - ${off} - ${lim}, 0)`,
          sql`least(${lim}, total.n - ${off})`,
        )}
      end as results
    from total
  `;
}
