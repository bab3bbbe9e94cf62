import { LIMITS } from '@prodify/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { loadMarkdown } from '../../components/markdown-lazy';
import { QueryBoundary } from '../../components/query-boundary';
import { NoteMissing, NoteView } from '../../features/notes/note-view';
import { noteQuery } from '../../features/notes/queries';

/** An id the API could hold (a positive 32-bit integer), or null. */
function parseId(raw: string): number | null {
  if (!/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= LIMITS.idMax ? id : null;
}

// `note-history_`: its own page at /note-history/:id, not drawn inside the list's screen.
export const Route = createFileRoute('/_app/note-history_/$id')({
  loader: ({ context, params }) => {
    void loadMarkdown();
    const id = parseId(params.id);
    if (id === null) return;
    return context.queryClient.ensureQueryData(noteQuery(id)).catch(() => undefined);
  },
  component: NotePage,
});

function NotePage() {
  const id = parseId(Route.useParams().id);
  if (id === null) return <NoteMissing />;
  return (
    <QueryBoundary errorMessage="Failed to load notes.">
      <LoadedNote id={id} />
    </QueryBoundary>
  );
}

function LoadedNote({ id }: { id: number }) {
  const { data: note } = useSuspenseQuery(noteQuery(id));
  return note ? <NoteView note={note} /> : <NoteMissing />;
}
