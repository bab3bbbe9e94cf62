import { queryOptions } from '@tanstack/react-query';
import { client, expectStatus } from '../../lib/api';

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
