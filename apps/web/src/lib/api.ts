import { contract, type RouteMetadata } from '@prodify/contract';
import { type ApiFetcher, type ApiFetcherArgs, initClient, tsRestFetchApi } from '@ts-rest/core';
import { ApiError, SessionExpiredError } from './errors';
import { SESSION_EXPIRED_EVENT } from './session-events';
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
      if (res.status !== 200) return undefined;
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

function withBearer(args: ApiFetcherArgs, token: string | null | undefined): ApiFetcherArgs {
  if (!token) return args;
  return { ...args, headers: { ...args.headers, authorization: `Bearer ${token}` } };
}

/**
 * Sends the bearer token on signed-in routes (the contract's `metadata.auth`). A 401 there gets
 * one refresh and one retry; if that fails too, the tokens are dropped and the app goes to
 * /landing.
 */
const fetcher: ApiFetcher = async (args) => {
  const needsAuth = (args.route.metadata as RouteMetadata | undefined)?.auth === true;
  if (!needsAuth) return tsRestFetchApi(args);

  const sentWith = getAccess();
  const first = await tsRestFetchApi(withBearer(args, sentWith));
  if (first.status !== 401) return first;

  // Another call may have refreshed while this one was in flight.
  const current = getAccess();
  const fresh = current && current !== sentWith ? current : await refreshAccess();
  if (fresh) {
    const retry = await tsRestFetchApi(withBearer(args, fresh));
    if (retry.status !== 401) return retry;
  }
  clearTokens();
  window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
  throw new SessionExpiredError();
};

/** The typed client of every route in the contract (same origin: the API serves the app). */
export const client = initClient(contract, { baseUrl: '', api: fetcher });

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
