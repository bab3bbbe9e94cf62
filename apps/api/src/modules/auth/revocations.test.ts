import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/app';
import { testBackend } from '../../../test/support/database';
import { bearer } from '../../../test/support/inject';

/**
 * Two API instances on one database (ADR 0417). On Postgres, a revocation through one reaches
 * the other's auth cache through LISTEN/NOTIFY within a second; PGlite is one process (its data
 * directory is locked, ADR 0405), so there is no listener there and these run on Postgres only.
 */
const ctx = useTestApp({ authCacheTtlMs: 60_000 });
const PASSWORD = 'Str0ng!Pass1';
const onPostgres = testBackend() === 'postgres';

async function signIn(app: FastifyInstance, username: string, password = PASSWORD) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/token/',
    payload: { username, password },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { access: string; refresh: string };
}

const me = (app: FastifyInstance, access: string) =>
  app.inject({ method: 'GET', url: '/api/user/', headers: bearer(access) });

/** Polls until `app` refuses `access`; answers how long that took. */
async function msUntilRefused(app: FastifyInstance, access: string, limitMs = 3_000) {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if ((await me(app, access)).statusCode === 401) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Number.POSITIVE_INFINITY;
}

async function listening(app: FastifyInstance) {
  for (let i = 0; i < 200 && app.revocations?.state !== 'listening'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  expect(app.revocations?.state).toBe('listening');
}

describe.runIf(onPostgres)('revocation across instances (LISTEN/NOTIFY)', () => {
  it('reaches the other instance within 1 s: session end, end-others, password change, deletion', async () => {
    const other = await ctx.buildApp({ authCacheTtlMs: 60_000 });
    await listening(ctx.app);
    await listening(other);
    await ctx.signUp('alice');
    const laptop = await signIn(ctx.app, 'alice');
    const phone = await signIn(ctx.app, 'alice');
    const tablet = await signIn(ctx.app, 'alice');
    // The other instance has alice cached (60 s TTL) with all her sessions.
    for (const pair of [laptop, phone, tablet])
      expect((await me(other, pair.access)).statusCode).toBe(200);

    const sid = JSON.parse(
      Buffer.from(phone.access.split('.')[1] ?? '', 'base64url').toString(),
    ).sid;
    const ended = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/sessions/${sid}/`,
      headers: bearer(laptop.access),
    });
    expect(ended.statusCode).toBe(204);
    expect(await msUntilRefused(other, phone.access)).toBeLessThan(1_000);
    expect((await me(other, laptop.access)).statusCode).toBe(200);

    const changed = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings/',
      headers: bearer(laptop.access),
      payload: { current_password: PASSWORD, new_password: 'N3w!Passw0rd' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await msUntilRefused(other, tablet.access)).toBeLessThan(1_000);
    const refused = await me(other, tablet.access);
    expect(refused.json()).toMatchObject({ code: 'password_changed' });
    // The session that changed the password goes on, on both instances.
    expect((await me(other, laptop.access)).statusCode).toBe(200);

    const deleted = await ctx.app.inject({
      method: 'POST',
      url: '/api/delete-account/',
      headers: bearer(laptop.access),
      payload: { password: 'N3w!Passw0rd' },
    });
    expect(deleted.statusCode).toBe(204);
    expect(await msUntilRefused(other, laptop.access)).toBeLessThan(1_000);
  });

  it('does not trust its cache while the listener is lost, and listens again after', async () => {
    const other = await ctx.buildApp({ authCacheTtlMs: 60_000 });
    await listening(other);
    await ctx.signUp('bob');
    const a = await signIn(ctx.app, 'bob');
    const b = await signIn(ctx.app, 'bob');
    expect((await me(other, b.access)).statusCode).toBe(200); // cached there

    // The other instance's LISTEN connection dies (a restarted server, a dropped socket).
    const pid = other.revocations?.pid;
    expect(pid).toBeGreaterThan(0);
    await sql`select pg_terminate_backend(${pid}::integer)`.execute(ctx.app.db);
    for (let i = 0; i < 100 && other.revocations?.state === 'listening'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(other.revocations?.state).not.toBe('listening');
    expect(other.authUsers.enabled).toBe(false);

    // A session ended meanwhile cannot be heard of: the other instance reads the database.
    const sid = JSON.parse(Buffer.from(b.access.split('.')[1] ?? '', 'base64url').toString()).sid;
    await ctx.app.db.deleteFrom('sessions').where('id', '=', sid).execute();
    expect((await me(other, b.access)).statusCode).toBe(401);
    expect((await me(other, a.access)).statusCode).toBe(200);

    // It reconnects by itself, with an empty cache, and hears revocations again.
    await listening(other);
    expect(other.authUsers.enabled).toBe(true);
    expect((await me(other, a.access)).statusCode).toBe(200); // cached again
    const endAll = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/sessions/${JSON.parse(Buffer.from(a.access.split('.')[1] ?? '', 'base64url').toString()).sid}/`,
      headers: bearer(a.access),
    });
    expect(endAll.statusCode).toBe(204);
    expect(await msUntilRefused(other, a.access)).toBeLessThan(1_000);
  });
});

describe.runIf(!onPostgres)('revocation on PGlite', () => {
  it('has no listener: one process, whose own invalidations are immediate', () => {
    expect(ctx.app.revocations).toBeUndefined();
    expect(ctx.app.authUsers.enabled).toBe(true);
  });
});
