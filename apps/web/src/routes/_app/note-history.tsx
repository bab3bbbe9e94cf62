import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { Card } from '../../components/card';
import { QueryBoundary } from '../../components/query-boundary';
import { NoteForm } from '../../features/notes/note-form';
import { NoteList } from '../../features/notes/note-list';
import { notesPageQuery } from '../../features/notes/queries';
import { validatePageSearch } from '../../lib/pagination';
import { useTitle } from '../../lib/use-title';

export const Route = createFileRoute('/_app/note-history')({
  validateSearch: validatePageSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  // A failed load is shown by the list (toast + retry) while the form stays usable.
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(notesPageQuery(deps.page)).catch(() => undefined),
  component: NotesPage,
});

function NotesPage() {
  useTitle('Note History');
  const { page = 1 } = Route.useSearch();
  const navigate = Route.useNavigate();
  const goTo = useCallback(
    (next: number, replace = false) =>
      void navigate({ search: next > 1 ? { page: next } : {}, replace }),
    [navigate],
  );

  return (
    <div className="page">
      <h1 className="page-title">Note History</h1>
      <div className="two-columns">
        <NoteForm onCreated={() => goTo(1)} />
        <Card title="Your notes" labelledBy="notes-list-title" className="list-card">
          <QueryBoundary errorMessage="Failed to load notes.">
            <NoteList page={page} onPageChange={goTo} />
          </QueryBoundary>
        </Card>
      </div>
    </div>
  );
}
