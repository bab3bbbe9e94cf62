import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { client, expectNoContent, expectStatus } from '../../lib/api';

export const feedKeys = { status: ['calendar-feed'] as const };

/** Whether the calendar subscription URL exists (`GET /api/calendar/feed/`). */
export const feedQuery = queryOptions({
  queryKey: feedKeys.status,
  queryFn: async ({ signal }) =>
    expectStatus(await client.transfer.feedStatus({ fetchOptions: { signal } }), 200),
});

/** Creates the feed URL, or replaces it: the old one answers 404 from then on. */
export function useCreateFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => expectStatus(await client.transfer.feedCreate(), 201),
    onSuccess: () => {
      // On at once (the URL is on screen), then the server's own word on it.
      queryClient.setQueryData(feedQuery.queryKey, (old) => ({
        created_at: old?.created_at ?? null,
        active: true,
      }));
      return queryClient.invalidateQueries({ queryKey: feedKeys.status });
    },
  });
}

/** Turns the feed off. */
export function useDeleteFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => expectNoContent(await client.transfer.feedDelete()),
    onSuccess: () =>
      queryClient.setQueryData(feedQuery.queryKey, { active: false, created_at: null }),
  });
}
