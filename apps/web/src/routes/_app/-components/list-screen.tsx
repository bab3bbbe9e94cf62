import type { QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Card } from '../../../components/card';
import { PagedList, type PagedListProps } from '../../../components/paged-list';
import { QueryBoundary } from '../../../components/query-boundary';
import { useTitle } from '../../../lib/use-title';

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
