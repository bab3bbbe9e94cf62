import { LIMITS } from '@prodify/contract';
import { type QueryKey, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { expectNoContent, expectStatus } from './api';
import { type ListAnswer, loadPage } from './pagination';

type Answer = { status: number; body: unknown };

/** The paging part of a list's query string. */
export interface PageParams {
  page: number;
  page_size: number;
}

type PageFetch<T> = (
  params: PageParams,
  signal: AbortSignal,
) => Promise<ListAnswer<T> | 'invalid-page'>;

/** One page of the list under `listKey`, as the screens show it (see `loadPage`). */
export function pageQuery<T>(listKey: readonly string[], page: number, fetchPage: PageFetch<T>) {
  return queryOptions({
    queryKey: [...listKey, 'page', page] as const,
    queryFn: ({ signal }) =>
      loadPage((p) => fetchPage({ page: p, page_size: LIMITS.pageSizeDefault }, signal), page),
  });
}

/** A list call's 200 body, or 'invalid-page' for DRF's 404 past the last page. */
export function pageAnswer<R extends Answer>(
  res: R,
): Extract<R, { status: 200 }>['body'] | 'invalid-page' {
  return res.status === 404 ? 'invalid-page' : expectStatus(res, 200);
}

/**
 * A change to a list's items. Its cached pages are reloaded afterwards, and the mutation stays
 * pending until they are, so a busy control lasts until the list shows the change. With
 * 'settled' they are reloaded after a failure too, to show what the server holds.
 */
export function useListMutation<TVariables, TData>(
  listKey: QueryKey,
  mutationFn: (variables: TVariables) => Promise<TData>,
  reload: 'success' | 'settled' = 'success',
) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: listKey });
  return useMutation({
    mutationFn,
    ...(reload === 'settled' ? { onSettled: refresh } : { onSuccess: refresh }),
  });
}

/** A resource's client (notes, to-dos, events), as its forms and list items use it. */
interface Creates<TBody> {
  create(args: { body: TBody }): Promise<Answer>;
}
interface Deletes {
  remove(args: { params: { id: number } }): Promise<Answer>;
}

/** Creates an item from a form's body (201), then reloads the list. */
export const useCreateItem = <TBody>(listKey: QueryKey, resource: Creates<TBody>) =>
  useListMutation(listKey, async (body: TBody) => {
    expectStatus(await resource.create({ body }), 201);
  });

/** Deletes the item with the given id (204), then reloads the list. */
export const useDeleteItem = (listKey: QueryKey, resource: Deletes) =>
  useListMutation(listKey, async (id: number) =>
    expectNoContent(await resource.remove({ params: { id } })),
  );
