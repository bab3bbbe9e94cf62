/**
 * Token storage and expiry checks. Kept free of the API client (and of zod) so that the entry
 * chunk, which the guard and /landing need, stays small.
 */
export const ACCESS_KEY = 'access';
export const REFRESH_KEY = 'refresh';

/** Seconds of leeway: a token that expires this soon is treated as expired already. */
export const EXPIRY_LEEWAY_SECONDS = 10;

export function getAccess(): string | null {
  return localStorage.getItem(ACCESS_KEY);
}

export function getRefresh(): string | null {
  return localStorage.getItem(REFRESH_KEY);
}

export function setTokens(tokens: { access: string; refresh?: string }): void {
  localStorage.setItem(ACCESS_KEY, tokens.access);
  if (tokens.refresh !== undefined) localStorage.setItem(REFRESH_KEY, tokens.refresh);
}

/** Removes the stored tokens (and only them). */
export function clearTokens(): void {
  localStorage.removeItem(ACCESS_KEY);
  localStorage.removeItem(REFRESH_KEY);
}

/** Logout and /register clear everything the app keeps in local storage, as the spec says. */
export function clearStorage(): void {
  localStorage.clear();
}

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** A JWT's claims, or undefined when they cannot be read. */
function readClaims(token: string): Record<string, unknown> | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims: unknown = JSON.parse(base64UrlDecode(payload));
    return typeof claims === 'object' && claims !== null
      ? (claims as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The `exp` claim (seconds since the epoch) of a JWT, or undefined when it cannot be read. */
export function readExpiry(token: string): number | undefined {
  const exp = readClaims(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp : undefined;
}

/** The signed-in user's id, from the stored refresh token's `user_id` claim. */
export function storedUserId(): number | undefined {
  const refresh = getRefresh();
  const id = refresh ? readClaims(refresh)?.user_id : undefined;
  return typeof id === 'number' && Number.isInteger(id) ? id : undefined;
}

/**
 * True when the token is expired (or about to be), or has no readable expiry: such a token is
 * not worth sending, so the caller refreshes it first.
 */
export function isExpired(
  token: string,
  nowMs: number = Date.now(),
  leewaySeconds = EXPIRY_LEEWAY_SECONDS,
): boolean {
  const exp = readExpiry(token);
  if (exp === undefined) return true;
  return exp * 1000 <= nowMs + leewaySeconds * 1000;
}
