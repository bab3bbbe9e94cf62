import { type RawBuilder, sql } from 'kysely';
import { jsonObjectSql, type OrderTerm, orderSql, sqlName } from '../json-sql';
import type { RowDef } from '../rows';
import { type ListPage, type ListQuery, type ListTable, versionSql } from './list-queries';

/**
 * Lists whose order starts with a condition computed per request (`?search=`'s title hits
 * first): the rows that pass `where` (alias `r`), those for which `search` holds before the
 * others, each part in the list's order. The condition is what an index serves (ADR 0410); the
 * matching rows are few enough to be ordered after it, so pages count and slice them directly
 * rather than walking an ordered index as list-queries.ts does.
 */

/** A list query whose search puts its hits first. */
export interface RankedQuery extends ListQuery {
  search: RawBuilder<boolean>;
}

function parts(spec: RowDef, order: readonly OrderTerm[], search: RawBuilder<boolean>) {
  return {
    table: sql.raw(sqlName(spec.table)),
    json: sql.raw(jsonObjectSql('r', spec.fields)),
    orderBy: sql`(${search}) desc, ${sql.raw(orderSql('r', order))}`,
  };
}

/** The whole ranked list as one JSON array text (bench:scale explains it). */
export function rankedListQuery(
  { row: spec }: ListTable,
  userId: number,
  { where, order, search }: RankedQuery,
) {
  const { table, json, orderBy } = parts(spec, order, search);
  return sql<{ body: string; version: number | null }>`
    select coalesce('[' || string_agg(${json}, ',' order by ${orderBy}) || ']', '[]') as body,
      ${versionSql(userId)} as version
    from ${table} r
    where r.user_id = ${userId} and ${where ?? sql`true`}
  `;
}

/**
 * One page of the ranked list (bench:scale explains it). One statement, one snapshot: the
 * count, the page and the version agree. Only the page's rows are written as JSON.
 */
export function rankedPageQuery(
  { row: spec }: ListTable,
  userId: number,
  { where, order, search, page }: RankedQuery & { page: ListPage },
) {
  const { table, json, orderBy } = parts(spec, order, search);
  const { offset, limit } = page;
  return sql<{ count: number; results: string | null; version: number | null }>`
    with hits as materialized (
      select r.id, row_number() over (order by ${orderBy}) as n
      from ${table} r
      where r.user_id = ${userId} and ${where ?? sql`true`}
    )
    select (select count(*) from hits) as count, ${versionSql(userId)} as version,
      (select '[' || string_agg(${json}, ',' order by h.n) || ']'
       from hits h join ${table} r on r.id = h.id
       where h.n > ${offset}::bigint and h.n <= ${offset}::bigint + ${limit}::integer) as results
  `;
}
