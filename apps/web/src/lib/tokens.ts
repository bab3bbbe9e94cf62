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

/** A numeric claim of a JWT (not checked: the server does that), or undefined. */
function readNumberClaim(token: string, name: 'exp' | 'user_id'): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims: unknown = JSON.parse(base64UrlDecode(payload));
    if (typeof claims !== 'object' || claims === null) return undefined;
    const value = (claims as Record<string, unknown>)[name];
    return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The `exp` claim (seconds since the epoch) of a JWT, or undefined when it cannot be read. */
export function readExpiry(token: string): number | undefined {
  return readNumberClaim(token, 'exp');
}

/** The signed-in user's id, as the stored tokens name it; undefined when signed out. */
export function storedUserId(): number | undefined {
  const token = getAccess() ?? getRefresh();
  return token ? readNumberClaim(token, 'user_id') : undefined;
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
