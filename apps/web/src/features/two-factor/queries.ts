import type { SecondFactorBody } from '@prodify/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { client, expectNoContent, expectStatus } from '../../lib/api';
import { sessionKeys } from '../sessions/queries';

export const twoFactorKeys = { status: ['two-factor'] as const };

/** `GET /api/2fa/`: whether it is on, and how many recovery codes are left. */
export const twoFactorQuery = queryOptions({
  queryKey: twoFactorKeys.status,
  queryFn: async ({ signal }) =>
    expectStatus(await client.twoFactor.status({ fetchOptions: { signal } }), 200),
});

export function useTotpSetup() {
  return useMutation({
    mutationFn: async () => expectStatus(await client.twoFactor.totpSetup({ body: {} }), 200),
  });
}

export function useTotpConfirm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) =>
      expectStatus(await client.twoFactor.totpConfirm({ body: { code } }), 200),
    onSuccess: () => {
      // Turning it on signed out every other device.
      void queryClient.invalidateQueries({ queryKey: twoFactorKeys.status });
      void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    },
  });
}

export function useTotpDisable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SecondFactorBody) =>
      expectNoContent(await client.twoFactor.totpDisable({ body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.status }),
  });
}

export function useNewRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SecondFactorBody) =>
      expectStatus(await client.twoFactor.recoveryCodes({ body }), 200),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.status }),
  });
}
