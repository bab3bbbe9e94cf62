import { LIMITS, type Note, type NoteBody } from '@prodify/contract';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { client, expectNoContent, expectStatus } from '../../lib/api';
import { loadPage, type PageOf } from '../../lib/pagination';

export const noteKeys = {
  all: ['notes'] as const,
  page: (page: number) => ['notes', 'page', page] as const,
};

/** One page of notes, newest first (`?page=N&page_size=10&ordering=-created_at`). */
export const notesPageQuery = (page: number) =>
  queryOptions({
    queryKey: noteKeys.page(page),
    queryFn: ({ signal }) =>
      loadPage<Note>(async (p) => {
        const res = await client.notes.list({
          query: { page: p, page_size: LIMITS.pageSizeDefault, ordering: '-created_at' },
          fetchOptions: { signal },
        });
        if (res.status === 404) return 'invalid-page';
        return expectStatus(res, 200);
      }, page),
  });

export function useCreateNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: NoteBody) => expectStatus(await client.notes.create({ body }), 201),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noteKeys.all }),
  });
}

export function useDeleteNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      expectNoContent(await client.notes.remove({ params: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noteKeys.all }),
  });
}

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
