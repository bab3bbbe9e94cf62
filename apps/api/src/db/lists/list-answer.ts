import type { FastifyRequest } from 'fastify';
import { type RawBuilder, sql } from 'kysely';
import { jsonText, type PageResult, pageRequest, paginateJson } from '../../lib/pagination';
import type { OrderTerm } from '../json-sql';
import type { RowDef, RowOf } from '../rows';
import type { Executor } from '../types';
import type { ListCache } from './list-cache';
import { jsonList, jsonPage, type ListCountColumn } from './list-queries';
import { rankedList, rankedPage } from './ranked-queries';

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
  first?(query: Q): RawBuilder<boolean> | undefined;
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
  const first = spec.first?.(query);
  const where = spec.where?.(query);
  const { body } = await source.listCache.list(source.db, userId, key, () =>
    first
      ? rankedList(source.db, spec.row, userId, spec.order(query), where ?? sql`true`, first)
      : jsonList(source.db, spec.row, userId, spec.order(query), where),
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
  const first = spec.first?.(query);
  const where = spec.where?.(query);
  return paginateJson<Item<R>>(request, reply, page, (limit, offset) =>
    source.listCache.page(source.db, userId, key, limit, offset, () =>
      first
        ? rankedPage(
            source.db,
            spec.row,
            userId,
            spec.order(query),
            offset,
            limit,
            where ?? sql`true`,
            first,
          )
        : jsonPage(
            source.db,
            spec.row,
            spec.count,
            userId,
            spec.order(query),
            offset,
            limit,
            where,
          ),
    ),
  );
}
