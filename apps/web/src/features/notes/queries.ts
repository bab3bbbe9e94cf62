import type { Note, NoteBody } from '@prodify/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { client, expectStatus } from '../../lib/api';
import { pageAnswer, pageQuery, useCreateItem, useDeleteItem } from '../../lib/list-queries';
import { useOptimisticEdit } from '../../lib/optimistic-edit';
import type { PageOf } from '../../lib/pagination';

export const noteKeys = { all: ['notes'] as const };

/** One page of notes, newest first (`?page=N&page_size=10&ordering=-created_at`). */
export const notesPageQuery = (page: number) =>
  pageQuery<Note>(noteKeys.all, page, async (params, signal) =>
    pageAnswer(
      await client.notes.list({
        query: { ...params, ordering: '-created_at' },
        fetchOptions: { signal },
      }),
    ),
  );

export const useCreateNote = () => useCreateItem<NoteBody>(noteKeys.all, client.notes);

export const useDeleteNote = () => useDeleteItem(noteKeys.all, client.notes);

/** Puts a freshly made summary on the note wherever a cached page shows it. */
function storeSummary(queryClient: QueryClient, id: number, summary: string) {
  queryClient.setQueriesData<PageOf<Note>>({ queryKey: noteKeys.all }, (page) =>
    page
      ? { ...page, results: page.results.map((n) => (n.id === id ? { ...n, summary } : n)) }
      : page,
  );
}

/** `POST /api/notes/:id/summarize/`: the summary is saved on the note, so it survives a reload. */
export function useSummarizeNote(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['notes', 'summarize', id],
    mutationFn: async () => expectStatus(await client.notes.summarize({ params: { id } }), 200),
    onSuccess: ({ summary }) => storeSummary(queryClient, id, summary),
  });
}

type NotePatch = Partial<NoteBody>;

/**
 * `PATCH /api/notes/:id/`, shown at once and rolled back (with a toast) if refused. A changed
 * content clears the saved summary, as the API does (the summary is made from the content).
 */
export const useEditNote = () =>
  useOptimisticEdit<Note, NotePatch>(
    noteKeys.all,
    async (id, patch) =>
      expectStatus(await client.notes.update({ params: { id }, body: patch }), 200),
    (note, patch) => {
      const next = { ...note, ...patch };
      return next.content !== note.content ? { ...next, summary: null } : next;
    },
    'Failed to update note.',
  );
