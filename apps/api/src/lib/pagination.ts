import { DRF, LIMITS } from '@prodify/contract';
import type { FastifyRequest } from 'fastify';
import { detail } from './drf';

export interface PageRequest {
  page: number;
  pageSize: number;
}

/** `?page=` turns a list into DRF's page object; without it the list is the plain array. */
export function pageRequest(query: { page?: number; page_size?: number }): PageRequest | undefined {
  if (query.page === undefined) return undefined;
  return { page: query.page, pageSize: query.page_size ?? LIMITS.pageSizeDefault };
}

/** The absolute URL of this request with `page` set (or removed for page 1), as DRF links. */
function linkTo(request: FastifyRequest, page: number): string {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  if (page === 1) url.searchParams.delete('page');
  else url.searchParams.set('page', String(page));
  return url.toString();
}

export type PageResult<T> =
  | {
      status: 200;
      body: { count: number; next: string | null; previous: string | null; results: T[] };
    }
  | { status: 404; body: { detail: string } };

/**
 * DRF's PageNumberPagination: `{count, next, previous, results}`, and 404 "Invalid page." past
 * the last page (page 1 of an empty list is a valid, empty page).
 */
export async function paginate<T>(
  request: FastifyRequest,
  { page, pageSize }: PageRequest,
  count: () => Promise<number>,
  rows: (limit: number, offset: number) => Promise<T[]>,
): Promise<PageResult<T>> {
  const total = await count();
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  if (page > lastPage) return { status: 404, body: detail(DRF.invalidPage) };
  const results = await rows(pageSize, (page - 1) * pageSize);
  return {
    status: 200,
    body: {
      count: total,
      next: page < lastPage ? linkTo(request, page + 1) : null,
      previous: page > 1 ? linkTo(request, page - 1) : null,
      results,
    },
  };
}
