/**
 * The key failed sign-ins are counted under: one account (its name as the lock sees it) from one
 * client address. Every instance computes the same key, so with REDIS_URL the count is shared.
 */
export function signInLockKey(username: string, ip: string): string {
  return `${username.toLowerCase()}|${ip}`;
}
