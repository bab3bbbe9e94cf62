import type { SettingsBody } from '@prodify/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { client, expectNoContent, expectStatus } from '../../lib/api';
import { setTokens } from '../../lib/tokens';

export const userKeys = {
  me: ['user', 'me'] as const,
  settings: ['user', 'settings'] as const,
};

/** The signed-in user (`GET /api/user/`). */
export const meQuery = queryOptions({
  queryKey: userKeys.me,
  queryFn: async ({ signal }) =>
    expectStatus(await client.auth.me({ fetchOptions: { signal } }), 200),
});

/** The account settings (`GET /api/settings/`): the current username. */
export const settingsQuery = queryOptions({
  queryKey: userKeys.settings,
  queryFn: async ({ signal }) =>
    expectStatus(await client.settings.get({ fetchOptions: { signal } }), 200),
});

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SettingsBody) =>
      expectStatus(await client.settings.put({ body }), 200),
    onSuccess: ({ username, access, refresh }) => {
      // A password change revokes every earlier token; the answer carries a fresh pair.
      setTokens({ access, refresh });
      queryClient.setQueryData(userKeys.settings, { username });
      queryClient.setQueryData(
        userKeys.me,
        (me: { username: string; email: string } | undefined) => (me ? { ...me, username } : me),
      );
    },
  });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: async (password: string) =>
      expectNoContent(await client.settings.deleteAccount({ body: { password } })),
  });
}
