import type { TrashEntry, TrashKind } from '@prodify/contract';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { client, expectNoContent, expectStatus } from '../../lib/api';

export const trashKeys = { all: ['trash'] as const };

/** The lists a kind of item shows in (reloaded when one comes back). */
const LIST_KEYS: Record<TrashKind, readonly string[]> = {
  note: ['notes'],
  todo: ['todos'],
  event: ['events'],
};

/**
 * `GET /api/trash/`: deleted notes, to-dos and events of the last 30 days, newest first. Asked
 * without `?page=`, the answer is the plain array.
 */
export const trashQuery = queryOptions({
  queryKey: trashKeys.all,
  queryFn: async ({ signal }): Promise<TrashEntry[]> => {
    const answer = expectStatus(await client.trash.list({ fetchOptions: { signal } }), 200);
    return Array.isArray(answer) ? answer : answer.results;
  },
});

/** Each kind's routes: bring an entry back, or delete it for good. */
const ROUTES = {
  note: { restore: client.trash.restoreNote, remove: client.trash.removeNote },
  todo: { restore: client.trash.restoreTodo, remove: client.trash.removeTodo },
  event: { restore: client.trash.restoreEvent, remove: client.trash.removeEvent },
} as const;

/** `POST …/{id}/restore/`: the item comes back with its id and fields. */
export async function restoreItem(queryClient: QueryClient, kind: TrashKind, id: number) {
  expectStatus(await ROUTES[kind].restore({ params: { id } }), 200);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: LIST_KEYS[kind] }),
    queryClient.invalidateQueries({ queryKey: trashKeys.all }),
  ]);
}

export function useRestore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: TrashKind; id: number }) =>
      restoreItem(queryClient, kind, id),
  });
}

/** `DELETE /api/trash/{notes|todos|events}/{id}/`: one entry is gone for good. */
export function useRemoveForever() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ kind, id }: { kind: TrashKind; id: number }) =>
      expectNoContent(await ROUTES[kind].remove({ params: { id } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: trashKeys.all }),
  });
}

/** `DELETE /api/trash/`: everything in the trash is gone for good. */
export function useEmptyTrash() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => expectNoContent(await client.trash.empty()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: trashKeys.all }),
  });
}
