import { getAccess, getRefresh, isExpired } from './tokens';

/**
 * The guard of every signed-in screen: a stored access token that has not expired passes; an
 * expired (or missing) one is refreshed with the refresh token; otherwise the visitor is not
 * signed in. The API client is loaded only when a refresh is needed, which keeps it (and zod)
 * out of the entry chunk.
 */
export async function ensureSession(now: number = Date.now()): Promise<boolean> {
  const access = getAccess();
  if (access && !isExpired(access, now)) return true;
  if (!getRefresh()) return false;
  const { refreshAccess } = await import('./api');
  return (await refreshAccess()) !== undefined;
}
