import type { LoginBody, RegisterBody } from '@prodify/contract';
import { useMutation } from '@tanstack/react-query';
import { client } from '../../lib/api';
import { ApiError } from '../../lib/errors';

export function useLogin() {
  return useMutation({
    mutationFn: async (body: LoginBody) => {
      const res = await client.auth.login({ body });
      if (res.status !== 200) throw new ApiError(res.status, res.body);
      return res.body;
    },
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: async (body: RegisterBody) => {
      const res = await client.auth.register({ body });
      if (res.status !== 201) throw new ApiError(res.status, res.body);
      return res.body;
    },
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
