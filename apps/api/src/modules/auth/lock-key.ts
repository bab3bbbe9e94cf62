import { usernameKey } from '../../lib/username';

/**
 * The key failed sign-ins are counted under: one account (every spelling of its name shares the
 * lookup's key: case, width, İ, ß...) from one client address. Every instance computes the same
 * key, so with REDIS_URL the count is shared.
 */
export function signInLockKey(username: string, ip: string): string {
  return `${usernameKey(username)}|${ip}`;
}
