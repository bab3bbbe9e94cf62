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
  if ((await refreshAccess()) !== undefined) return true;
  // Offline the refresh could not even be asked: the session stays, and the app shows what it
  // saved (ADR 0520). Online, a refused refresh ends it as before.
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}
