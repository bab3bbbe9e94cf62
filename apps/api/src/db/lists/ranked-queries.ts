import { type RawBuilder, sql } from 'kysely';
import { jsonObjectSql, type OrderTerm, orderSql, sqlName } from '../json-sql';
import type { RowDef } from '../rows';
import type { Executor } from '../types';
import type { JsonListText, JsonPage } from './list-queries';

/**
 * Lists whose order starts with a condition computed per request (`?search=`'s title hits
 * first): the rows that pass `filter` (alias `r`), those for which `first` holds before the
 * others, each part in the list's order. The filter is what an index serves (ADR 0410); the
 * matching rows are few enough to be ordered after it, so pages count and slice them directly
 * rather than walking an ordered index as list-queries.ts does.
 */

const versionSql = (userId: number) =>
  sql<number | null>`(select version from user_list_counts where user_id = ${userId})`;

function parts(spec: RowDef, order: readonly OrderTerm[], first: RawBuilder<boolean>) {
  return {
    table: sql.raw(sqlName(spec.table)),
    json: sql.raw(jsonObjectSql('r', spec.fields)),
    orderBy: sql`(${first}) desc, ${sql.raw(orderSql('r', order))}`,
  };
}

/** The statement of `rankedList` (bench:scale explains it). */
export function rankedListQuery(
  spec: RowDef,
  userId: number,
  order: readonly OrderTerm[],
  filter: RawBuilder<unknown>,
  first: RawBuilder<boolean>,
) {
  const { table, json, orderBy } = parts(spec, order, first);
  return sql<{ body: string; version: number | null }>`
    select coalesce('[' || string_agg(${json}, ',' order by ${orderBy}) || ']', '[]') as body,
      ${versionSql(userId)} as version
    from ${table} r
    where r.user_id = ${userId} and ${filter}
  `;
}

export async function rankedList(
  db: Executor,
  spec: RowDef,
  userId: number,
  order: readonly OrderTerm[],
  filter: RawBuilder<unknown>,
  first: RawBuilder<boolean>,
): Promise<JsonListText> {
  const { rows } = await rankedListQuery(spec, userId, order, filter, first).execute(db);
  return { body: rows[0]?.body ?? '[]', version: rows[0]?.version ?? null };
}

/**
 * The statement of `rankedPage` (bench:scale explains it). One statement, one snapshot: the
 * count, the page and the version agree. Only the page's rows are written as JSON.
 */
export function rankedPageQuery(
  spec: RowDef,
  userId: number,
  order: readonly OrderTerm[],
  offset: number,
  limit: number,
  filter: RawBuilder<unknown>,
  first: RawBuilder<boolean>,
) {
  const { table, json, orderBy } = parts(spec, order, first);
  return sql<{ count: number; results: string | null; version: number | null }>`
    with hits as materialized (
      select r.id, row_number() over (order by ${orderBy}) as n
      from ${table} r
      where r.user_id = ${userId} and ${filter}
    )
    select (select count(*) from hits) as count, ${versionSql(userId)} as version,
      (select '[' || string_agg(${json}, ',' order by h.n) || ']'
       from hits h join ${table} r on r.id = h.id
       where h.n > ${offset}::bigint and h.n <= ${offset}::bigint + ${limit}::integer) as results
  `;
}

export async function rankedPage(
  db: Executor,
  spec: RowDef,
  userId: number,
  order: readonly OrderTerm[],
  offset: number,
  limit: number,
  filter: RawBuilder<unknown>,
  first: RawBuilder<boolean>,
): Promise<JsonPage> {
  const query = rankedPageQuery(spec, userId, order, offset, limit, filter, first);
  const { rows } = await query.execute(db);
  const head = rows[0];
  return {
    count: Number(head?.count ?? 0),
    results: head?.results ?? null,
    version: head?.version ?? null,
  };
}
