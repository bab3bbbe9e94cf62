import type { QueryKey } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Card } from '../../../components/card';
import { PagedList, type PagedListProps } from '../../../components/paged-list';
import { QueryBoundary } from '../../../components/query-boundary';
import { ListSkeleton } from '../../../components/skeleton';
import { useTitle } from '../../../lib/use-title';

interface ListScreenProps<T, K extends QueryKey> {
  title: string;
  listTitle: string;
  /** The spec's text for a list that failed to load. */
  loadError: string;
  form: ReactNode;
  /** Controls above the list (search, filters). */
  toolbar?: ReactNode;
  /** The narrow screens' button that leads to the form ("New note"). */
  newLabel: string;
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
  newLabel,
  toolbar,
  pageQuery,
  pagesLabel,
  empty,
  children,
}: ListScreenProps<T, K>) {
  useTitle(title);
  const formId = useId();
  // On narrow screens the list comes first; this puts the form one tap away.
  const toForm = () => {
    const form = document.getElementById(formId);
    form?.scrollIntoView({ block: 'start' });
    form?.querySelector<HTMLElement>('input, textarea, select')?.focus({ preventScroll: true });
  };
  return (
    <div className="page">
      <div className="page-head">
        <h1 className="page-title">{title}</h1>
        <button type="button" className="btn btn-primary to-form" onClick={toForm}>
          <Plus size={16} aria-hidden="true" />
          <span>{newLabel}</span>
        </button>
      </div>
      <div className="two-columns list-first">
        <div id={formId} className="form-slot">
          {form}
        </div>
        <Card title={listTitle} className="list-card">
          {toolbar}
          <QueryBoundary errorMessage={loadError} fallback={<ListSkeleton />}>
            <PagedList pageQuery={pageQuery} label={pagesLabel} empty={empty}>
              {children}
            </PagedList>
          </QueryBoundary>
        </Card>
      </div>
    </div>
  );
}
