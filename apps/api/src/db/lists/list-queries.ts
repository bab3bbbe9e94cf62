import { type RawBuilder, sql } from 'kysely';
import type { Executor } from './types';

/**
 * Lists rendered as JSON text by the database (ADR 0402). Decoding a hundred rows in the `pg`
 * driver and serializing them again was most of a list request's CPU time in the profile; here
 * Postgres writes the answer's bytes (the same bytes JSON.stringify writes for the rows the
 * drivers return, a property test holds both to it) and the API sends them as they are.
 *
 * Everything interpolated as raw SQL below is a constant of this module's callers (table,
 * column and key names checked against a pattern); values are always bound parameters.
 */

export type JsonKind = 'int' | 'text' | 'bool' | 'date' | 'time' | 'timestamptz';

export interface JsonField {
  /** The key in the JSON object. */
  key: string;
  column: string;
  kind: JsonKind;
  nullable?: boolean;
}

export interface OrderTerm {
  column: string;
  direction: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

const NAME = /^[a-z_][a-z0-9_]*$/;

function name(value: string): string {
  if (!NAME.test(value)) throw new Error(`not a plain SQL name: ${value}`);
  return value;
}

/** Postgres' own JSON escaping of a text, as JSON.stringify escapes it. */
function valueSql(ref: string, kind: JsonKind): string {
  switch (kind) {
    case 'int':
      return `(${ref})::text`;
    case 'bool':
      return `case when ${ref} then 'true' when not ${ref} then 'false' end`;
    case 'text':
    case 'date':
    case 'time':
      // to_json writes dates and times in ISO form whatever the session's DateStyle.
      return `to_json(${ref})::text`;
    case 'timestamptz': {
      // DRF's form, as db/type-parsers.ts writes it: six fraction digits, none when all zero.
      const utc = `(${ref} at time zone 'UTC')`;
      return (
        `'"' || to_char(${utc}, 'YYYY-MM-DD"T"HH24:MI:SS') || ` +
        `case when to_char(${utc}, 'US') = '000000' then '' else '.' || to_char(${utc}, 'US') end || 'Z"'`
      );
    }
  }
}

/** A SQL expression giving one row of `alias` as a JSON object text, keys in the given order. */
export function jsonObjectSql(alias: string, fields: readonly JsonField[]): string {
  const parts = fields.map((field, i) => {
    const ref = `${name(alias)}.${name(field.column)}`;
    const prefix = `${i === 0 ? '{' : ','}"${name(field.key)}":`;
    const value = valueSql(ref, field.kind);
    return `'${prefix}' || ${field.nullable ? `coalesce(${value}, 'null')` : value}`;
  });
  return `(${parts.join(' || ')} || '}')`;
}

export function orderSql(alias: string | undefined, order: readonly OrderTerm[]): string {
  return order
    .map(
      (t) =>
        `${alias ? `${name(alias)}.` : ''}${name(t.column)} ${t.direction}${t.nulls ? ` nulls ${t.nulls}` : ''}`,
    )
    .join(', ');
}

/** The same order read from the other end. */
export function reversed(order: readonly OrderTerm[]): OrderTerm[] {
  return order.map((t) => ({
    column: t.column,
    direction: t.direction === 'asc' ? 'desc' : 'asc',
    // Postgres puts nulls last ascending and first descending unless told otherwise.
    nulls: (t.nulls ?? (t.direction === 'asc' ? 'last' : 'first')) === 'last' ? 'first' : 'last',
  }));
}

export interface JsonListSpec {
  table: string;
  fields: readonly JsonField[];
}

const ROW = 'r';

/** `[obj,obj,...]` of the rows (alias `r`) in order, or `[]`. */
function arraySql(spec: JsonListSpec, order: readonly OrderTerm[]): string {
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
  /** The user's list version this was read at (see db/list-cache.ts). */
  version: number | null;
}

/** Every row of the user's list (alias `r` in `filter`) as one JSON array text. */
export async function jsonList(
  db: Executor,
  spec: JsonListSpec,
  userId: number,
  order: readonly OrderTerm[],
  filter: RawBuilder<unknown> = sql`true`,
): Promise<JsonListText> {
  const { rows } = await sql<{ body: string; version: number | null }>`
    select ${sql.raw(arraySql(spec, order))} as body, ${versionSql(userId)} as version
    from ${sql.raw(name(spec.table))} ${sql.raw(ROW)}
    where ${sql.raw(ROW)}.user_id = ${userId} and ${filter}
  `.execute(db);
  return { body: rows[0]?.body ?? '[]', version: rows[0]?.version ?? null };
}

export interface JsonPage {
  /** The user's number of rows (kept by triggers, see migration 202611221000). */
  count: number;
  /** The page's rows as a JSON array text; null when the offset is past the end. */
  results: string | null;
  /** The user's list version this was read at (see db/list-cache.ts). */
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
  spec: JsonListSpec & { countColumn: 'notes' | 'todos' },
  userId: number,
  order: readonly OrderTerm[],
  offset: number,
  limit: number,
): Promise<JsonPage> {
  const table = sql.raw(name(spec.table));
  const row = sql.raw(ROW);
  const array = sql.raw(arraySql(spec, order));
  const pageFrom = (
    direction: readonly OrderTerm[],
    skip: RawBuilder<unknown>,
    take: RawBuilder<unknown>,
  ) => sql`
    (select ${array}
     from ${table} ${row}
     where ${row}.user_id = ${userId}
       and ${row}.id = any(array(
         select id from ${table} where user_id = ${userId}
         order by ${sql.raw(orderSql(undefined, direction))} limit ${take} offset ${skip})))`;
  // bigint: the last allowed page (2147483647) times 100 rows overflows an integer.
  const off = sql`${offset}::bigint`;
  const lim = sql`${limit}::integer`;
  const { rows } = await sql<{ count: number; results: string | null; version: number | null }>`
    with total as (
      select coalesce(
        (select ${sql.ref(spec.countColumn)} from user_list_counts where user_id = ${userId}), 0
      ) as n
    )
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
  `.execute(db);
  const first = rows[0];
  return {
    count: Number(first?.count ?? 0),
    results: first?.results ?? null,
    version: first?.version ?? null,
  };
}
