import type { FastifyRequest } from 'fastify';
import type { RawBuilder } from 'kysely';
import { jsonText, type PageResult, pageRequest, paginateJson } from '../../lib/pagination';
import type { OrderTerm } from '../json-sql';
import type { RowDef, RowOf } from '../rows';
import type { Executor } from '../types';
import type { ListCache } from './list-cache';
import {
  type JsonListText,
  type JsonPage,
  type ListCountColumn,
  type ListPage,
  type ListPageQuery,
  type ListQuery,
  type ListTable,
  listQuery,
  pageQuery,
} from './list-queries';
import { rankedListQuery, rankedPageQuery } from './ranked-queries';

/** One list route: its rows, and the order and filter its query asks for. */
export interface ListSpec<Q, R extends RowDef = RowDef> {
  row: R;
  order(query: Q): readonly OrderTerm[];
  /** A condition on the rows (alias `r`), when the query filters them. */
  where?(query: Q): RawBuilder<unknown> | undefined;
  /**
   * A condition whose rows come first, before the order (`?search=`'s title hits), when the
   * query asks for one; then the list is read by db/lists/ranked-queries.ts.
   */
  search?(query: Q): RawBuilder<boolean> | undefined;
}

/** A list that answers DRF's page object for `?page=`, counted by `user_list_counts`. */
export interface PagedListSpec<Q, R extends RowDef = RowDef> extends ListSpec<Q, R> {
  count: ListCountColumn;
}

export interface ListSource {
  db: Executor;
  listCache: ListCache;
}

export interface PageQuery {
  page?: number | undefined;
  page_size?: number | undefined;
}

type Item<R extends RowDef> = RowOf<R>;

/** The reply of the request, which gets the JSON text as it is. */
type Reply = { type(contentType: string): unknown };

/** What a route's query asks of its list: `{ where, order, search }`. */
export function listQueryOf<Q>(spec: ListSpec<Q>, query: Q): ListQuery {
  return { where: spec.where?.(query), order: spec.order(query), search: spec.search?.(query) };
}

/**
 * The statements of one list query, chosen once: ranked (ranked-queries.ts, ADR 0410) when a
 * search puts its hits first, else the plain ones that walk the list's index (list-queries.ts,
 * ADR 0402).
 */
function statementsOf(table: ListTable, userId: number, query: ListQuery) {
  const { search } = query;
  return search
    ? {
        list: () => rankedListQuery(table, userId, { ...query, search }),
        page: (page: ListPage) => rankedPageQuery(table, userId, { ...query, search, page }),
      }
    : {
        list: () => listQuery(table, userId, query),
        page: (page: ListPage) => pageQuery(table, userId, { ...query, page }),
      };
}

/** Every row of the user's list (or of its search) as one JSON array text. */
export async function jsonList(
  db: Executor,
  table: ListTable,
  userId: number,
  query: ListQuery,
): Promise<JsonListText> {
  const { rows } = await statementsOf(table, userId, query).list().execute(db);
  return { body: rows[0]?.body ?? '[]', version: rows[0]?.version ?? null };
}

/** One page of the user's list (or of its search), with the count of the whole. */
export async function jsonPage(
  db: Executor,
  table: ListTable,
  userId: number,
  query: ListPageQuery,
): Promise<JsonPage> {
  const { rows } = await statementsOf(table, userId, query).page(query.page).execute(db);
  const head = rows[0];
  return {
    count: Number(head?.count ?? 0),
    results: head?.results ?? null,
    version: head?.version ?? null,
  };
}

/** The cache key of a list query: the list and its parameters, the page left out. */
function cacheKey(spec: ListSpec<never>, query: object): string {
  const { page: _page, page_size: _size, ...params } = query as PageQuery;
  return `${spec.row.table} ${JSON.stringify(params)}`;
}

/**
 * A whole list as the plain array the original answered, read as the database's JSON text and
 * served from the list cache while the user's rows are unchanged (ADR 0404).
 */
export async function listAnswer<Q extends object, R extends RowDef>(
  source: ListSource,
  userId: number,
  reply: Reply,
  spec: ListSpec<Q, R>,
  query: Q,
): Promise<{ status: 200; body: Item<R>[] }> {
  const key = cacheKey(spec as ListSpec<never>, query);
  const { body } = await source.listCache.list(source.db, userId, key, () =>
    jsonList(source.db, spec, userId, listQueryOf(spec, query)),
  );
  return { status: 200, body: jsonText<Item<R>[]>(reply, body) };
}

/** The plain array without `?page=`, DRF's page object with it. */
export async function pagedListAnswer<Q extends PageQuery, R extends RowDef>(
  source: ListSource,
  userId: number,
  request: FastifyRequest,
  reply: Reply,
  spec: PagedListSpec<Q, R>,
  query: Q,
): Promise<{ status: 200; body: Item<R>[] } | PageResult<Item<R>>> {
  const page = pageRequest(query);
  if (!page) return listAnswer(source, userId, reply, spec, query);
  const key = cacheKey(spec as ListSpec<never>, query);
  const read = listQueryOf(spec, query);
  return paginateJson<Item<R>>(request, reply, page, (limit, offset) =>
    source.listCache.page(source.db, userId, key, limit, offset, () =>
      jsonPage(source.db, spec, userId, { ...read, page: { offset, limit } }),
    ),
  );
}
