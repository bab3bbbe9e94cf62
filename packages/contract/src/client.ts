import { type ApiFetcher, type ApiFetcherArgs, initClient, tsRestFetchApi } from '@ts-rest/core';
import { contract } from './contract';
import type { RouteMetadata } from './routes';

type Token = string | null | undefined;

export interface ApiClientOptions {
  /** Where the API answers, e.g. `https://prodify.example`; `''` for the page's own origin. */
  baseUrl: string;
  /** The access token to send on signed-in routes (`metadata.auth`), read before each request. */
  token?: () => Token;
  /**
   * Called when a signed-in route answers 401 and no other request has changed the token
   * meanwhile: a new access token (e.g. from the refresh token) to retry once with, or nothing.
   */
  renewToken?: () => Promise<Token>;
  /** Called when a signed-in route's 401 stands after that. It may throw to end the session. */
  onUnauthorized?: () => void;
}

function withBearer(args: ApiFetcherArgs, token: Token): ApiFetcherArgs {
  if (!token) return args;
  return { ...args, headers: { ...args.headers, authorization: `Bearer ${token}` } };
}

/**
 * The typed client of every route of the contract. Public routes go out as they are; signed-in
 * routes carry `Authorization: Bearer <token()>`, and a 401 there gets one retry with a renewed
 * token. Answers come back as `{status, body}` typed per status, as ts-rest's `initClient`.
 */
export function createApiClient(options: ApiClientOptions) {
  const { token = () => undefined, renewToken, onUnauthorized } = options;

  const api: ApiFetcher = async (args) => {
    const needsAuth = (args.route.metadata as RouteMetadata | undefined)?.auth === true;
    if (!needsAuth) return tsRestFetchApi(args);

    const sentWith = token();
    const first = await tsRestFetchApi(withBearer(args, sentWith));
    if (first.status !== 401) return first;

    // Another request may have renewed the token while this one was in flight.
    const current = token();
    const fresh = current && current !== sentWith ? current : await renewToken?.();
    const last = fresh ? await tsRestFetchApi(withBearer(args, fresh)) : first;
    if (last.status === 401) onUnauthorized?.();
    return last;
  };

  return initClient(contract, { baseUrl: options.baseUrl, api });
}

export type ApiClient = ReturnType<typeof createApiClient>;
