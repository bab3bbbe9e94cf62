import { createApiClient } from '@prodify/contract';
import { ApiError, SessionExpiredError } from './errors';
import { noteRefusal, SESSION_EXPIRED_EVENT } from './session-events';
import { clearTokens, getAccess, getRefresh, setTokens } from './tokens';

export { ApiError, SessionExpiredError };

let refreshing: Promise<string | undefined> | undefined;

/**
 * Swaps the stored refresh token for a new access token. Concurrent callers share one request.
 * Resolves to the new access token, or undefined when there is none to be had.
 */
export function refreshAccess(): Promise<string | undefined> {
  refreshing ??= (async () => {
    const refresh = getRefresh();
    if (!refresh) return undefined;
    try {
      const res = await client.auth.refresh({ body: { refresh } });
      if (res.status !== 200) {
        noteRefusal(res.body);
        return undefined;
      }
      setTokens({ access: res.body.access });
      return res.body.access;
    } catch {
      return undefined;
    }
  })().finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}

/**
 * A signed-in call stays refused after a refresh: drop the tokens and leave, to /landing (or to
 * /login when the session was ended from another device, ADR 0517).
 */
export function endSession(): never {
  clearTokens();
  window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
  throw new SessionExpiredError();
}

/**
 * The typed client of every route in the contract (same origin: the API serves the app), with
 * the stored access token on signed-in routes. A 401 there gets one refresh and one retry; if
 * that fails too, the tokens are dropped and the app goes to /landing.
 */
export const client = createApiClient({
  baseUrl: '',
  token: getAccess,
  renewToken: refreshAccess,
  onUnauthorized: endSession,
});

/** A 204 answer; any other status throws an ApiError. */
export function expectNoContent(res: { status: number; body: unknown }): void {
  if (res.status !== 204) throw new ApiError(res.status, res.body);
}

/** The body of an answer with the expected status; any other status throws an ApiError. */
export function expectStatus<R extends { status: number; body: unknown }, S extends R['status']>(
  res: R,
  status: S,
): Extract<R, { status: S }>['body'] {
  if (res.status !== status) throw new ApiError(res.status, res.body);
  return res.body as Extract<R, { status: S }>['body'];
}
