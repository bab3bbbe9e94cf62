import type { TrashKind } from '@prodify/contract';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { client, expectNoContent, expectStatus } from '../../lib/api';

export const trashKeys = { all: ['trash'] as const };

/** The lists a kind of item shows in (reloaded when one comes back). */
const LIST_KEYS: Record<TrashKind, readonly string[]> = {
  note: ['notes'],
  todo: ['todos'],
  event: ['events'],
};

/** `GET /api/trash/`: deleted notes, to-dos and events of the last 30 days, newest first. */
export const trashQuery = queryOptions({
  queryKey: trashKeys.all,
  queryFn: async ({ signal }) =>
    expectStatus(await client.trash.list({ fetchOptions: { signal } }), 200),
});

/** `POST …/{id}/restore/`: the item comes back with its id and fields. */
export async function restoreItem(queryClient: QueryClient, kind: TrashKind, id: number) {
  const params = { id };
  const res =
    kind === 'note'
      ? await client.trash.restoreNote({ params })
      : kind === 'todo'
        ? await client.trash.restoreTodo({ params })
        : await client.trash.restoreEvent({ params });
  expectStatus(res, 200);
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
    mutationFn: async ({ kind, id }: { kind: TrashKind; id: number }) => {
      const params = { id };
      const res =
        kind === 'note'
          ? await client.trash.removeNote({ params })
          : kind === 'todo'
            ? await client.trash.removeTodo({ params })
            : await client.trash.removeEvent({ params });
      return expectNoContent(res);
    },
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
