import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { client, expectNoContent, expectStatus } from '../../lib/api';
import { twoFactorKeys } from '../two-factor/queries';

export const passkeyKeys = { all: ['passkeys'] as const };

/** The user's passkeys (`GET /api/passkeys/`), oldest first. */
export const passkeysQuery = queryOptions({
  queryKey: passkeyKeys.all,
  queryFn: async ({ signal }) =>
    expectStatus(await client.passkeys.list({ fetchOptions: { signal } }), 200),
});

/**
 * Options from the server, the browser's ceremony, and the server's check (ADR 0431). No
 * extension is asked for, so none of their results is sent.
 */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const options = expectStatus(await client.passkeys.registerOptions({ body: {} }), 200);
      const response = await startRegistration({ optionsJSON: options as never });
      return expectStatus(
        await client.passkeys.registerVerify({
          body: { name, response: { ...response, clientExtensionResults: {} } },
        }),
        201,
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: passkeyKeys.all });
      void queryClient.invalidateQueries({ queryKey: twoFactorKeys.status });
    },
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      expectNoContent(await client.passkeys.remove({ params: { id } })),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: passkeyKeys.all });
      void queryClient.invalidateQueries({ queryKey: twoFactorKeys.status });
    },
  });
}

/** Sign-in with a passkey: the usual token pair. */
/**
 * A passkey sign-in ceremony. `autofill`: wait for the user to pick a passkey among the username
 * field's suggestions (conditional mediation) instead of opening the browser's dialog.
 */
export async function signInWithPasskey(autofill = false) {
  const options = expectStatus(await client.passkeys.loginOptions({ body: {} }), 200);
  const response = await startAuthentication({
    optionsJSON: options as never,
    useBrowserAutofill: autofill,
  });
  return expectStatus(
    await client.passkeys.loginVerify({
      body: { response: { ...response, clientExtensionResults: {} } },
    }),
    200,
  );
}

export function usePasskeyLogin() {
  return useMutation({ mutationFn: () => signInWithPasskey() });
}
