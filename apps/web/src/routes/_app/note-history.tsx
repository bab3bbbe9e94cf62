import { createFileRoute } from '@tanstack/react-router';
import { loadMarkdown } from '../../components/markdown-lazy';
import { usePageParam } from '../../components/paged-list';
import { NoteForm } from '../../features/notes/note-form';
import { NoteItem } from '../../features/notes/note-item';
import { notesPageQuery } from '../../features/notes/queries';
import { ListScreen } from './-components/list-screen';
import { pagedRoute } from './-components/paged-route';

const paged = pagedRoute(notesPageQuery);

export const Route = createFileRoute('/_app/note-history')({
  ...paged,
  loader: (load) => {
    void loadMarkdown();
    return paged.loader(load);
  },
  component: NotesPage,
});

function NotesPage() {
  const [, goTo] = usePageParam();
  return (
    <ListScreen
      title="Note History"
      listTitle="Your notes"
      loadError="Failed to load notes."
      newLabel="New note"
      form={<NoteForm onCreated={() => goTo(1)} />}
      pageQuery={notesPageQuery}
      pagesLabel="Notes pages"
      empty="No notes yet. Write your first one."
    >
      {(note) => <NoteItem key={note.id} note={note} />}
    </ListScreen>
  );
}
