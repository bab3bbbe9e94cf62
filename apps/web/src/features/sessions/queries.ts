import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { client, expectNoContent, expectStatus } from '../../lib/api';

export const sessionKeys = { all: ['sessions'] as const };

/** The signed-in devices (`GET /api/sessions/`), newest first, the current one marked. */
export const sessionsQuery = queryOptions({
  queryKey: sessionKeys.all,
  queryFn: async ({ signal }) =>
    expectStatus(await client.sessions.list({ fetchOptions: { signal } }), 200),
});

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      expectNoContent(await client.sessions.end({ params: { id } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => expectStatus(await client.sessions.endOthers({ body: {} }), 200),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
