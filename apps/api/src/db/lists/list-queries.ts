import { type RawBuilder, sql } from 'kysely';
import { jsonObjectSql, type OrderTerm, orderSql, reversed, sqlName } from '../json-sql';
import type { RowDef } from '../rows';
import type { Executor } from '../types';

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
function versionSql(userId: number): RawBuilder<number | null> {
  return sql`(select version from user_list_counts where user_id = ${userId})`;
}

export interface JsonListText {
  /** The rows as one JSON array text. */
  body: string;
  /** The user's list version this was read at (see list-cache.ts). */
  version: number | null;
}

/** Every row of the user's list (alias `r` in `filter`) as one JSON array text. */
export async function jsonList(
  db: Executor,
  spec: RowDef,
  userId: number,
  order: readonly OrderTerm[],
  filter: RawBuilder<unknown> = sql`true`,
): Promise<JsonListText> {
  const { rows } = await sql<{ body: string; version: number | null }>`
    select ${sql.raw(arraySql(spec, order))} as body, ${versionSql(userId)} as version
    from ${sql.raw(sqlName(spec.table))} ${sql.raw(ROW)}
    where ${sql.raw(ROW)}.user_id = ${userId} and ${filter}
  `.execute(db);
  return { body: rows[0]?.body ?? '[]', version: rows[0]?.version ?? null };
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
export async function jsonPage(
  db: Executor,
  ...statement: Parameters<typeof pageQuery>
): Promise<JsonPage> {
  const { rows } = await pageQuery(...statement).execute(db);
  const first = rows[0];
  return {
    count: Number(first?.count ?? 0),
    results: first?.results ?? null,
    version: first?.version ?? null,
  };
}

/** The statement of `jsonPage` (for EXPLAIN in the benchmarks too). */
export function pageQuery(
  spec: RowDef,
  countColumn: ListCountColumn,
  userId: number,
  order: readonly OrderTerm[],
  offset: number,
  limit: number,
  filter?: RawBuilder<unknown>,
) {
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
  // Without a filter the count is the one the triggers keep; with one it is counted.
  const total = filter
    ? sql`(select count(*) from ${table} ${row} where ${row}.user_id = ${userId} and ${filter})`
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
