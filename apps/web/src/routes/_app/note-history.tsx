import { SEARCH_MAX_LENGTH, searchTerms } from '@prodify/contract';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { loadMarkdown } from '../../components/markdown-lazy';
import { usePageParam } from '../../components/paged-list';
import { SearchBox } from '../../components/search-box';
import { NoteForm } from '../../features/notes/note-form';
import { NoteItem } from '../../features/notes/note-item';
import { notesPageQuery } from '../../features/notes/queries';
import { validatePageSearch } from '../../lib/pagination';
import { ListScreen } from './-components/list-screen';

interface NotesSearch {
  page?: number;
  search?: string;
}

export const Route = createFileRoute('/_app/note-history')({
  // `?page=N` and `?search=words`: a search is bookmarkable and survives a reload.
  validateSearch: (raw: Record<string, unknown>): NotesSearch => {
    const search =
      typeof raw.search === 'string' ? raw.search.trim().slice(0, SEARCH_MAX_LENGTH) : '';
    // Every key is set (undefined when invalid): the raw value must not show through.
    return { page: undefined, ...validatePageSearch(raw), search: search || undefined };
  },
  loaderDeps: ({ search }) => ({ page: search.page ?? 1, search: search.search ?? '' }),
  loader: ({ context, deps }) => {
    void loadMarkdown();
    void context.queryClient.prefetchQuery(notesPageQuery(deps.page, deps.search));
  },
  component: NotesPage,
});

function NotesPage() {
  const [, goTo] = usePageParam();
  const { search = '' } = Route.useSearch();
  const navigate = useNavigate();
  const terms = searchTerms(search);
  const onSearch = useCallback(
    (next: string) =>
      void navigate({ to: '.', search: next ? { search: next } : {}, replace: true }),
    [navigate],
  );
  const pageQuery = useCallback((page: number) => notesPageQuery(page, search), [search]);

  return (
    <ListScreen
      title="Note History"
      listTitle="Your notes"
      loadError="Failed to load notes."
      newLabel="New note"
      form={<NoteForm onCreated={() => (search ? onSearch('') : goTo(1))} />}
      toolbar={<SearchBox label="Search notes" value={search} onSearch={onSearch} />}
      pageQuery={pageQuery}
      pagesLabel="Notes pages"
      empty={search ? `No notes match “${search}”.` : 'No notes yet. Write your first one.'}
    >
      {(note) => <NoteItem key={note.id} note={note} terms={terms} />}
    </ListScreen>
  );
}
