import type { Note, NoteBody } from '@prodify/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { client, expectStatus } from '../../lib/api';
import { pageAnswer, pageQuery, useCreateItem, useDeleteItem } from '../../lib/list-queries';
import { updateCachedItem, useOptimisticEdit } from '../../lib/optimistic-edit';

export const noteKeys = {
  all: ['notes'] as const,
  one: (id: number) => ['notes', 'one', id] as const,
};

/** One note (`GET /api/notes/:id/`), or null when there is none with this id (404). */
export const noteQuery = (id: number) =>
  queryOptions({
    queryKey: noteKeys.one(id),
    queryFn: async ({ signal }) => {
      const res = await client.notes.get({ params: { id }, fetchOptions: { signal } });
      return res.status === 404 ? null : expectStatus(res, 200);
    },
  });

/**
 * One page of notes, newest first (`?page=N&page_size=10&ordering=-created_at`); with a search,
 * the notes holding every word, title hits first (`?search=words`, the API's ranking).
 */
export const notesPageQuery = (page: number, search = '') =>
  pageQuery<Note>(
    search ? [...noteKeys.all, 'search', search] : noteKeys.all,
    page,
    async (params, signal) =>
      pageAnswer(
        await client.notes.list({
          query: search ? { ...params, search } : { ...params, ordering: '-created_at' },
          fetchOptions: { signal },
        }),
      ),
  );

export const useCreateNote = () => useCreateItem<NoteBody>(noteKeys.all, client.notes);

export const useDeleteNote = () => useDeleteItem(noteKeys.all, client.notes);

export const summarizeKey = (id: number) => ['notes', 'summarize', id] as const;

/** `POST /api/notes/:id/summarize/`: the summary is saved on the note, so it survives a reload. */
export function useSummarizeNote(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: summarizeKey(id),
    mutationFn: async () => expectStatus(await client.notes.summarize({ params: { id } }), 200),
    // The summary goes on the note wherever a cached page (or the note's view) shows it.
    onSuccess: ({ summary }) =>
      updateCachedItem<Note>(queryClient, noteKeys.all, id, (n) => ({ ...n, summary })),
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
