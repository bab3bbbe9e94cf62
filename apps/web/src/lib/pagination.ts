import { LIMITS } from '@prodify/contract';

/** Number of pages for `count` items: at least 1, so an empty list still reads 'Page 1 of 1'. */
export function pageCount(count: number, pageSize: number = LIMITS.pageSizeDefault): number {
  if (!Number.isFinite(count) || count <= 0) return 1;
  return Math.ceil(count / pageSize);
}

/** A page number brought into 1..total. */
export function clampPage(page: number, total: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.trunc(page)), Math.max(1, total));
}

/** `?page=` from the URL: a positive integer, 1 otherwise. */
export function parsePageParam(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** `validateSearch` of a paged screen: `?page=N` for N > 1, nothing for the first page. */
export function validatePageSearch(search: Record<string, unknown>): { page?: number } {
  const page = parsePageParam(search.page);
  return page > 1 ? { page } : {};
}

/** One page as the screens show it. */
export interface PageOf<T> {
  /** The page actually shown (may differ from the one asked for, see `loadPage`). */
  page: number;
  totalPages: number;
  count: number;
  results: T[];
}

/** A DRF page object, or the plain array an API without pagination answers. */
export type ListAnswer<T> = T[] | { count: number; results: T[] };

/** Turns either answer into the page the screen shows; a plain array is paged here. */
export function toPage<T>(
  answer: ListAnswer<T>,
  page: number,
  pageSize: number = LIMITS.pageSizeDefault,
): PageOf<T> {
  if (Array.isArray(answer)) {
    const totalPages = pageCount(answer.length, pageSize);
    const shown = clampPage(page, totalPages);
    return {
      page: shown,
      totalPages,
      count: answer.length,
      results: answer.slice((shown - 1) * pageSize, shown * pageSize),
    };
  }
  return {
    page,
    totalPages: pageCount(answer.count, pageSize),
    count: answer.count,
    results: answer.results,
  };
}

/**
 * Loads `page`; when the server says it is past the end (DRF's 404 'Invalid page.', e.g. after
 * the last item of the last page was deleted), loads the last page that exists instead.
 */
export async function loadPage<T>(
  fetchPage: (page: number) => Promise<ListAnswer<T> | 'invalid-page'>,
  page: number,
  pageSize: number = LIMITS.pageSizeDefault,
): Promise<PageOf<T>> {
  const answer = await fetchPage(page);
  if (answer !== 'invalid-page') return toPage(answer, page, pageSize);
  if (page <= 1) return { page: 1, totalPages: 1, count: 0, results: [] };
  const first = await fetchPage(1);
  if (first === 'invalid-page') return { page: 1, totalPages: 1, count: 0, results: [] };
  const firstPage = toPage(first, 1, pageSize);
  if (firstPage.totalPages <= 1) return firstPage;
  const last = await fetchPage(firstPage.totalPages);
  if (last === 'invalid-page') return firstPage;
  return toPage(last, firstPage.totalPages, pageSize);
}
