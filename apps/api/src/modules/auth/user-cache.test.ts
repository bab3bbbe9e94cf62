import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/app';

/**
 * The signed-in user is cached for AUTH_CACHE_TTL_MS (ADR 0401). Through this process a
 * password change, a rename or a deletion takes effect on the very next request; another
 * process on the same database sees it once its entry expires.
 */
const ctx = useTestApp();
const PASSWORD = 'C4rl!Secret1';
const NEW_PASSWORD = 'N3w!Secret-2';

const me = (auth: { authorization: string }, app = ctx.app) =>
  app.inject({ method: 'GET', url: '/api/user/', headers: auth });

/** Another sign-in of the same account: another session (ADR 0417). */
async function otherSession(username: string) {
  const res = await ctx.request('POST', '/api/token/', { body: { username, password: PASSWORD } });
  return { authorization: `Bearer ${(res.json() as { access: string }).access}` };
}

describe('the signed-in user cache', () => {
  it('is on in the tests, as in production', () => {
    expect(ctx.config.authCacheTtlMs).toBeGreaterThan(0);
    expect(ctx.app.authUsers.enabled).toBe(true);
  });

  it('revokes earlier tokens at once on a password change in this process', async () => {
    const carl = await ctx.signUp('carl', PASSWORD);
    const elsewhere = await otherSession('carl');
    expect((await me(elsewhere)).statusCode).toBe(200); // now cached
    const changed = await ctx.request('PUT', '/api/settings/', {
      body: { current_password: PASSWORD, new_password: NEW_PASSWORD },
      headers: carl.auth,
    });
    expect(changed.statusCode).toBe(200);
    const old = await me(elsewhere);
    expect(old.statusCode).toBe(401);
    expect(old.json()).toMatchObject({ code: 'password_changed' });
    const fresh = { authorization: `Bearer ${(changed.json() as { access: string }).access}` };
    expect((await me(fresh)).statusCode).toBe(200);
  });

  it('shows a new username at once, and refuses a deleted account at once', async () => {
    const carl = await ctx.signUp('carl', PASSWORD);
    expect((await me(carl.auth)).json()).toMatchObject({ username: 'carl' });
    const renamed = await ctx.request('PATCH', '/api/settings/', {
      body: { username: 'karl', current_password: PASSWORD },
      headers: carl.auth,
    });
    expect(renamed.statusCode).toBe(200);
    expect((await me(carl.auth)).json()).toMatchObject({ username: 'karl' });
    const deleted = await ctx.request('POST', '/api/delete-account/', {
      body: { password: PASSWORD },
      headers: carl.auth,
    });
    expect(deleted.statusCode).toBe(204);
    const gone = await me(carl.auth);
    expect(gone.statusCode).toBe(401);
    expect(gone.json()).toMatchObject({ code: 'user_not_found' });
  });

  it('lets another process see a password change within its TTL', async () => {
    const ttlMs = 3_000;
    // Without the revocation listener (PGlite, or LISTEN lost and not yet suspended): the TTL.
    const other = await ctx.buildApp({ authCacheTtlMs: ttlMs, revocationListener: false });
    const carl = await ctx.signUp('carl', PASSWORD);
    const elsewhere = await otherSession('carl');
    // The entry is stored between these two instants: the window is measured from the first,
    // the expiry from the second (on a loaded machine the request itself takes a while).
    const cachedAt = Date.now();
    expect((await me(elsewhere, other)).statusCode).toBe(200); // cached by the other process
    const storedBy = Date.now();
    const changed = await ctx.request('PUT', '/api/settings/', {
      body: { current_password: PASSWORD, new_password: NEW_PASSWORD },
      headers: carl.auth,
    });
    expect(changed.statusCode).toBe(200);
    // The documented window: the other process still has the old token version in memory.
    if (Date.now() - cachedAt < ttlMs - 500) {
      expect((await me(elsewhere, other)).statusCode).toBe(200);
    }
    await new Promise((resolve) => setTimeout(resolve, storedBy + ttlMs + 50 - Date.now()));
    const refused = await me(elsewhere, other);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'password_changed' });
  });

  it('answers 401 user_not_found, not 500, when a deleted account creates through another process', async () => {
    // Without the listener, so that the deletion is not heard (the create must still be a 401).
    const other = await ctx.buildApp({ authCacheTtlMs: 60_000, revocationListener: false });
    const carl = await ctx.signUp('carl', PASSWORD);
    expect((await me(carl.auth, other)).statusCode).toBe(200); // cached by the other process
    const deleted = await ctx.request('POST', '/api/delete-account/', {
      body: { password: PASSWORD },
      headers: carl.auth,
    });
    expect(deleted.statusCode).toBe(204);
    const creates = [
      { url: '/api/notes/', payload: { title: 't', content: 'c' } },
      { url: '/api/todos/', payload: { task: 't' } },
      { url: '/api/calendar/events/', payload: { title: 't', date: '2026-11-26' } },
    ];
    for (const { url, payload } of creates) {
      const res = await other.inject({ method: 'POST', url, payload, headers: carl.auth });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ detail: 'User not found', code: 'user_not_found' });
      expect(res.headers['www-authenticate']).toBe('Bearer realm="api"');
    }
  });
});
