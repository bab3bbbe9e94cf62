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

/** `http://host:port` of this request, or undefined when its Host header is not a valid one. */
function originOf(request: FastifyRequest): string | undefined {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return undefined;
  }
}

/** The absolute URL of this request with `page` set (or removed for page 1), as DRF links. */
function linkTo(request: FastifyRequest, origin: string, page: number): string {
  const url = new URL(request.url, origin);
  if (page === 1) url.searchParams.delete('page');
  else url.searchParams.set('page', String(page));
  return url.toString();
}

/** A JSON text that is already the answer's body (ADR 0402): sent as is, typed as what it encodes. */
export function jsonText<T>(reply: { type(contentType: string): unknown }, text: string): T {
  reply.type('application/json; charset=utf-8');
  return text as unknown as T;
}

export type PageResult<T> =
  | {
      status: 200;
      body: { count: number; next: string | null; previous: string | null; results: T[] };
    }
  | { status: 400 | 404; body: { detail: string } };

/**
 * DRF's PageNumberPagination: `{count, next, previous, results}`, and 404 "Invalid page." past
 * the last page (page 1 of an empty list is a valid, empty page). 400 for a Host header that
 * cannot make a link. `load` answers the user's row count and the page's rows as a JSON array
 * text (db/json-lists.ts), both from one statement.
 */
export async function paginateJson<T>(
  request: FastifyRequest,
  reply: { type(contentType: string): unknown },
  { page, pageSize }: PageRequest,
  load: (limit: number, offset: number) => Promise<{ count: number; results: string | null }>,
): Promise<PageResult<T>> {
  // The links are absolute, as DRF's: a Host header no URL can hold is a bad request (as
  // Django's DisallowedHost), not a crash.
  const origin = originOf(request);
  if (origin === undefined) return { status: 400, body: detail('Invalid Host header.') };
  const { count, results } = await load(pageSize, (page - 1) * pageSize);
  const lastPage = Math.max(1, Math.ceil(count / pageSize));
  if (page > lastPage) return { status: 404, body: detail(DRF.invalidPage) };
  const next = page < lastPage ? linkTo(request, origin, page + 1) : null;
  const previous = page > 1 ? linkTo(request, origin, page - 1) : null;
  // The same bytes as JSON.stringify of the page object, around the database's results text.
  const text = `{"count":${count},"next":${JSON.stringify(next)},"previous":${JSON.stringify(previous)},"results":${results ?? '[]'}}`;
  return { status: 200, body: jsonText(reply, text) };
}
