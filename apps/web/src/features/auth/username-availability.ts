import { useEffect, useMemo, useState } from 'react';
import { debounce } from '../../lib/debounce';
import {
  type Availability,
  checkUsername,
  USERNAME_CHECK_DELAY_MS,
  USERNAME_CHECK_MIN_LENGTH,
} from './queries';

/** 'available' or 'taken' for the name as typed now; 'unknown' until its check has answered. */
export function useUsernameAvailability(username: string): Availability {
  const [result, setResult] = useState<{ name: string; status: Availability } | null>(null);
  const check = useMemo(
    () =>
      debounce(async (name: string) => {
        setResult({ name, status: 'checking' });
        const status = await checkUsername(name);
        setResult((prev) => (prev?.name === name ? { name, status } : prev));
      }, USERNAME_CHECK_DELAY_MS),
    [],
  );

  useEffect(() => {
    if (username.length >= USERNAME_CHECK_MIN_LENGTH) check(username);
    else check.cancel();
  }, [username, check]);

  useEffect(() => () => check.cancel(), [check]);

  return result?.name === username ? result.status : 'unknown';
}

export const AVAILABILITY_TEXT: Record<Availability, string> = {
  unknown: '',
  checking: 'Checking...',
  available: 'Username available',
  taken: 'Username is taken',
};
