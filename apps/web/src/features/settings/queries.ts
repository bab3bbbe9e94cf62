import type { SettingsBody } from '@prodify/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client, expectNoContent, expectStatus } from '../../lib/api';
import { setTokens } from '../../lib/tokens';
import { userKeys } from '../user/queries';

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
