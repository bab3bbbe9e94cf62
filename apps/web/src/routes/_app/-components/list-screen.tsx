import type { EnsureQueryDataOptions, QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Card } from '../../../components/card';
import { PagedList, type PagedListProps } from '../../../components/paged-list';
import { QueryBoundary } from '../../../components/query-boundary';
import { type PageOf, validatePageSearch } from '../../../lib/pagination';
import { useTitle } from '../../../lib/use-title';
import type { RouterContext } from '../../__root';

interface PageLoad {
  context: RouterContext;
  deps: { page: number };
}

/**
 * The route options of a screen with a paged list: the page is in the URL (`?page=N`), and the
 * loader starts its request. A failed load is shown by the list (toast + retry) while the form
 * stays usable.
 */
export function pagedRoute<T, K extends QueryKey>(
  pageQuery: (page: number) => EnsureQueryDataOptions<PageOf<T>, Error, PageOf<T>, K>,
) {
  return {
    validateSearch: validatePageSearch,
    loaderDeps: ({ search }: { search: { page?: number } }) => ({ page: search.page ?? 1 }),
    loader: ({ context, deps }: PageLoad) =>
      context.queryClient.ensureQueryData(pageQuery(deps.page)).catch(() => undefined),
  };
}

interface ListScreenProps<T, K extends QueryKey> {
  title: string;
  listTitle: string;
  /** The spec's text for a list that failed to load. */
  loadError: string;
  form: ReactNode;
  pageQuery: PagedListProps<T, K>['pageQuery'];
  /** The accessible name of the list's page navigation. */
  pagesLabel: string;
  empty: string;
  /** One `<li>` an item, with its key. */
  children: (item: T) => ReactNode;
}

/** A screen with a form beside a paged list (notes, to-dos). */
export function ListScreen<T, K extends QueryKey>({
  title,
  listTitle,
  loadError,
  form,
  pageQuery,
  pagesLabel,
  empty,
  children,
}: ListScreenProps<T, K>) {
  useTitle(title);
  return (
    <div className="page">
      <h1 className="page-title">{title}</h1>
      <div className="two-columns">
        {form}
        <Card title={listTitle} className="list-card">
          <QueryBoundary errorMessage={loadError}>
            <PagedList pageQuery={pageQuery} label={pagesLabel} empty={empty}>
              {children}
            </PagedList>
          </QueryBoundary>
        </Card>
      </div>
    </div>
  );
}
