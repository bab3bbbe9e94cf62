import type { LoginBody, RegisterBody } from '@prodify/contract';
import { useMutation } from '@tanstack/react-query';
import { client, expectStatus } from '../../lib/api';

export function useLogin() {
  return useMutation({
    mutationFn: async (body: LoginBody) => expectStatus(await client.auth.login({ body }), 200),
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: async (body: RegisterBody) =>
      expectStatus(await client.auth.register({ body }), 201),
  });
}

/** The username check runs this long after typing stops, for names longer than 2 characters. */
export const USERNAME_CHECK_DELAY_MS = 500;
export const USERNAME_CHECK_MIN_LENGTH = 3;

export type Availability = 'unknown' | 'checking' | 'available' | 'taken';

/** `POST /api/user/check-username/`: 200 means available, 400 taken; anything else unknown. */
export async function checkUsername(username: string): Promise<Availability> {
  try {
    const res = await client.auth.checkUsername({ body: { username } });
    if (res.status === 200) return 'available';
    if (res.status === 400) return 'taken';
    return 'unknown';
  } catch {
    return 'unknown';
  }
}
