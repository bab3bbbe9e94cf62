import {
  type QueryKey,
  type UseSuspenseQueryOptions,
  useSuspenseQuery,
} from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { type ReactNode, useCallback, useEffect } from 'react';
import type { PageOf } from '../lib/pagination';
import { Pagination } from './pagination';

type PageChange = (page: number, replace?: boolean) => void;

/**
 * The page in the URL (`?page=N`, none for the first), and a way to put another there (the
 * URL's other parameters, such as `?search=`, stay).
 */
export function usePageParam(): [number, PageChange] {
  const { page = 1 } = useSearch({ strict: false });
  const navigate = useNavigate();
  const goTo = useCallback<PageChange>(
    (next, replace = false) =>
      void navigate({
        to: '.',
        search: (prev: Record<string, unknown>) => {
          const { page: _old, ...rest } = prev;
          return next > 1 ? { ...rest, page: next } : rest;
        },
        replace,
      }),
    [navigate],
  );
  return [page, goTo];
}

export interface PagedListProps<T, K extends QueryKey> {
  /** The query of one page. */
  pageQuery: (page: number) => UseSuspenseQueryOptions<PageOf<T>, Error, PageOf<T>, K>;
  /** The accessible name of the page navigation. */
  label: string;
  /** What an empty list says. */
  empty: string;
  /** One `<li>` an item, with its key. */
  children: (item: T) => ReactNode;
}

/** The page of a list that the URL names, with Previous / 'Page X of Y' / Next under it. */
export function PagedList<T, K extends QueryKey>({
  pageQuery,
  label,
  empty,
  children,
}: PagedListProps<T, K>) {
  const [page, onPageChange] = usePageParam();
  const { data } = useSuspenseQuery(pageQuery(page));

  // The page asked for no longer exists (its last item went): show the last one that does.
  useEffect(() => {
    if (data.page !== page) onPageChange(data.page, true);
  }, [data.page, page, onPageChange]);

  return (
    <>
      {data.results.length === 0 ? (
        <p className="empty">{empty}</p>
      ) : (
        <ul className="list">{data.results.map(children)}</ul>
      )}
      <Pagination
        label={label}
        page={data.page}
        totalPages={data.totalPages}
        onPageChange={onPageChange}
      />
    </>
  );
}
