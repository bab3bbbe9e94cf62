import { afterEach, describe, expect, it } from 'vitest';
import {
  clearStorage,
  clearTokens,
  getAccess,
  getRefresh,
  isExpired,
  readExpiry,
  setTokens,
} from './tokens';

function b64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function jwt(claims: Record<string, unknown>): string {
  return `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(claims)}.signature`;
}

describe('readExpiry', () => {
  it('reads the exp claim of a SimpleJWT access token', () => {
    const token = jwt({ token_type: 'access', exp: 1795274119, iat: 1795272319, user_id: 1 });
    expect(readExpiry(token)).toBe(1795274119);
  });

  it('decodes base64url payloads that need padding and use - and _', () => {
    // A username with characters whose base64 encoding contains + and / (here - and _).
    const token = jwt({ exp: 2000000000, name: '>>>???~~~ü' });
    expect(token.split('.')[1]).toMatch(/[-_]/);
    expect(readExpiry(token)).toBe(2000000000);
  });

  it('is undefined for garbage, a missing payload or a non-numeric exp', () => {
    expect(readExpiry('garbage')).toBeUndefined();
    expect(readExpiry('a.%%%.c')).toBeUndefined();
    expect(readExpiry(jwt({ exp: '1795274119' }))).toBeUndefined();
    expect(readExpiry(`x.${Buffer.from('null').toString('base64url')}.y`)).toBeUndefined();
  });
});

describe('isExpired', () => {
  const now = Date.UTC(2026, 10, 21, 12, 0, 0);
  const nowSeconds = now / 1000;

  it('is false for a token valid well into the future', () => {
    expect(isExpired(jwt({ exp: nowSeconds + 1800 }), now)).toBe(false);
  });

  it('is true for a token whose exp has passed', () => {
    expect(isExpired(jwt({ exp: nowSeconds - 1 }), now)).toBe(true);
  });

  it('treats a token expiring within the leeway as expired', () => {
    expect(isExpired(jwt({ exp: nowSeconds + 5 }), now, 10)).toBe(true);
    expect(isExpired(jwt({ exp: nowSeconds + 11 }), now, 10)).toBe(false);
  });

  it('treats an unreadable token as expired', () => {
    expect(isExpired('not-a-jwt', now)).toBe(true);
  });
});

describe('token storage', () => {
  afterEach(() => localStorage.clear());

  it("stores the pair under 'access' and 'refresh'", () => {
    setTokens({ access: 'a1', refresh: 'r1' });
    expect(localStorage.getItem('access')).toBe('a1');
    expect(localStorage.getItem('refresh')).toBe('r1');
    setTokens({ access: 'a2' });
    expect(getAccess()).toBe('a2');
    expect(getRefresh()).toBe('r1');
  });

  it('clearTokens removes only the tokens; clearStorage removes everything', () => {
    setTokens({ access: 'a', refresh: 'r' });
    localStorage.setItem('other', 'x');
    clearTokens();
    expect(getAccess()).toBeNull();
    expect(getRefresh()).toBeNull();
    expect(localStorage.getItem('other')).toBe('x');
    clearStorage();
    expect(localStorage.length).toBe(0);
  });
});
