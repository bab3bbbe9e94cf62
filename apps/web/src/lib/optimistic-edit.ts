import {
  type QueryClient,
  type QueryKey,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { toastFailure } from './toast';

interface Identified {
  id: number;
}

/**
 * Rewrites the item `id` wherever a cached query under `listKey` shows it: a page of a list
 * (`{results: [...]}`), a plain array, or the item's own query.
 */
export function updateCachedItem<T extends Identified>(
  queryClient: QueryClient,
  listKey: QueryKey,
  id: number,
  update: (item: T) => T,
) {
  queryClient.setQueriesData<unknown>({ queryKey: listKey }, (data: unknown) => {
    if (!data || typeof data !== 'object') return data;
    if (Array.isArray(data)) {
      return data.map((item: T) => (item?.id === id ? update(item) : item));
    }
    if ('results' in data && Array.isArray(data.results)) {
      return {
        ...data,
        results: data.results.map((item: T) => (item?.id === id ? update(item) : item)),
      };
    }
    if ('id' in data && data.id === id) return update(data as T);
    return data;
  });
}

interface Edit<P> {
  id: number;
  patch: P;
}

/**
 * An edit shown at once (optimistic): the cached lists show `apply(item, patch)` while it is
 * sent; when the server refuses, every cached list goes back to what it was and `failure` is
 * toasted. Afterwards the lists are reloaded, so their order follows the change.
 *
 * `saved(item, answer)` is what a cached item becomes once the server has answered; by default
 * the answer itself. Where several cached items share an id (a series' occurrences), it keeps
 * what the answer does not describe.
 */
export function useOptimisticEdit<T extends Identified, P>(
  listKey: QueryKey,
  send: (id: number, patch: P) => Promise<T>,
  apply: (item: T, patch: P) => T,
  failure: string,
  saved: (item: T, answer: T) => T = (_item, answer) => answer,
) {
  const queryClient = useQueryClient();
  const onFailure = toastFailure(failure);
  return useMutation({
    mutationFn: ({ id, patch }: Edit<P>) => send(id, patch),
    onMutate: async ({ id, patch }: Edit<P>) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const before = queryClient.getQueriesData<unknown>({ queryKey: listKey });
      updateCachedItem<T>(queryClient, listKey, id, (item) => apply(item, patch));
      return { before };
    },
    onError: (error, _edit, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
      onFailure(error);
    },
    onSuccess: (answer) =>
      updateCachedItem<T>(queryClient, listKey, answer.id, (item) => saved(item, answer)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}
