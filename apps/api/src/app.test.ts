import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFakeSummarizer } from '../test/fakes/summarizer';
import { useTestApp } from '../test/support/app';
import { testConfig } from '../test/support/config';
import { createTestDatabase, freshPGliteDir } from '../test/support/database';
import { send, signUp } from '../test/support/inject';
import { buildApp } from './app';
import { openPostgres, ping } from './db/connect';
import { isDatabaseUnavailable } from './db/errors';
import { loggerOptions } from './logger';

const ctx = useTestApp({ corsOrigins: ['http://localhost:5173'] });

const tmp = () => mkdtempSync(path.join(tmpdir(), 'prodify-app-'));

/**
 * For the tests that open a database of their own (on the pglite project one or two PGlite
 * starts, even from a copy of the template): one start took up to 26 s on 2 cores with the load
 * average at 17 to 34 (ADR 0005).
 */
const OPENS_A_DATABASE = { timeout: 90_000 };

/**
 * A config whose database is owned by the app: the per-file Postgres database, or PGlite on disk
 * (a copy of the run's migrated template: running initdb here took tens of seconds under load).
 */
function ownedDatabaseConfig() {
  const pgliteDir = ctx.db.backend === 'pglite' ? freshPGliteDir() : undefined;
  return testConfig({
    databaseUrl: ctx.db.url,
    dataDir: tmp(),
    ...(pgliteDir ? { pgliteDir } : {}),
  });
}

describe('health', () => {
  it('/healthz answers while the process runs; /readyz checks the database', async () => {
    expect((await ctx.request('GET', '/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await ctx.request('GET', '/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ok',
      database: { status: 'ok', kind: ctx.db.backend },
      summarizer: { engine: 'builtin', ready: true, detail: 'test stand-in' },
    });
  });

  it('answers 503 quickly, never hangs, when the database is gone', OPENS_A_DATABASE, async () => {
    const doomed = await createTestDatabase();
    const app = await buildApp({
      config: ctx.config,
      db: doomed.handle,
      summarizer: createFakeSummarizer(),
      logger: false,
    });
    try {
      await doomed.drop(); // closes PGlite; on Postgres also drops the database
      const started = Date.now();
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({
        status: 'unavailable',
        database: { status: 'unavailable' },
      });
      const register = await app.inject({
        method: 'POST',
        url: '/api/user/register/',
        payload: { username: 'x', password: 'Str0ng!Pass1' },
      });
      expect(register.statusCode).toBe(503);
      expect(register.json()).toEqual({
        detail: 'The database is unavailable. Please try again shortly.',
      });
      expect(Date.now() - started).toBeLessThan(10_000);
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('fails fast, as "unavailable", when no Postgres server listens', async () => {
    const dead = openPostgres('postgres://postgres@127.0.0.1:1/none', {
      connectionTimeoutMs: 2000,
    });
    try {
      const error = await ping(dead.db).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await dead.close();
    }
  });
});

describe('requests and logs', () => {
  it('keeps a sane incoming x-request-id and makes one otherwise', async () => {
    const given = await ctx.request('GET', '/healthz', { headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const odd = await ctx.request('GET', '/healthz', {
      headers: { 'x-request-id': 'a b<script>' },
    });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('redacts passwords, tokens and the Authorization header from logs', async () => {
    const lines: string[] = [];
    const app = await buildApp({
      config: ctx.config,
      db: ctx.db.handle,
      summarizer: createFakeSummarizer(),
      logger: {
        ...loggerOptions(ctx.config),
        level: 'info',
        stream: { write: (l: string) => lines.push(l) },
      },
    });
    try {
      app.log.info({
        req: { headers: { authorization: 'Bearer secret-token' } },
        body: { password: 'secret-pw', refresh: 'secret-refresh', access: 'secret-access' },
        settings: { current_password: 'secret-cur', new_password: 'secret-new' },
      });
      await app.inject({
        method: 'POST',
        url: '/api/token/',
        headers: { authorization: 'Bearer secret-token' },
        payload: { username: 'nobody', password: 'secret-pw' },
      });
      const text = lines.join('\n');
      expect(text).toContain('[redacted]');
      expect(text).not.toMatch(/secret-/);
      expect(text).toContain('sign-in failed');
    } finally {
      await app.close();
    }
  });
});

describe('lifecycle', OPENS_A_DATABASE, () => {
  it('finishes in-flight requests on close, then closes its database', async () => {
    const summarizer = createFakeSummarizer();
    const app = await buildApp({ config: ownedDatabaseConfig(), summarizer, logger: false });
    const alice = await signUp(app, 'alice');
    summarizer.hold = true;
    const inFlight = send(app, {
      method: 'POST',
      url: '/api/summarize/',
      headers: alice.auth,
      body: { content: 'finish me' },
    });
    await expect.poll(() => summarizer.calls.length).toBe(1);
    const closing = app.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    summarizer.release();
    const res = await inFlight;
    expect(res.statusCode).toBe(200);
    await closing;
    await expect(ping(app.db)).rejects.toThrow();
  });

  it('keeps notes, to-dos and events across a restart', async () => {
    const config = ownedDatabaseConfig();
    const start = () => buildApp({ config, summarizer: createFakeSummarizer(), logger: false });
    const first = await start();
    const { auth } = await signUp(first, 'keeper');
    await first.inject({
      method: 'POST',
      url: '/api/notes/',
      headers: auth,
      payload: { title: 'n', content: 'c' },
    });
    await first.inject({
      method: 'POST',
      url: '/api/todos/',
      headers: auth,
      payload: { task: 't' },
    });
    await first.inject({
      method: 'POST',
      url: '/api/calendar/events/',
      headers: auth,
      payload: { title: 'e', date: '2025-07-01', time: '09:30' },
    });
    await first.close();

    const second = await start();
    try {
      // The same secret and the same data: the old token still signs in.
      const notes = await second.inject({ method: 'GET', url: '/api/notes/', headers: auth });
      expect(notes.json()).toMatchObject([{ title: 'n', content: 'c' }]);
      const todos = await second.inject({ method: 'GET', url: '/api/todos/', headers: auth });
      expect(todos.json()).toMatchObject([{ task: 't' }]);
      const events = await second.inject({
        method: 'GET',
        url: '/api/calendar/events/?date=2025-07-01',
        headers: auth,
      });
      expect(events.json()).toEqual([{ id: 1, title: 'e', date: '2025-07-01', time: '09:30:00' }]);
    } finally {
      await second.close();
    }
  });
});

describe('security headers and CORS', () => {
  it('sends a strict CSP and no framing', async () => {
    const res = await ctx.request('GET', '/healthz');
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('allows the configured origins only', async () => {
    const allowed = await ctx.request('OPTIONS', '/api/notes/', {
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(allowed.headers['access-control-allow-methods']).toContain('PATCH');
    expect(allowed.headers['access-control-allow-headers']).toBe('authorization,content-type');

    const simple = await ctx.request('GET', '/healthz', {
      headers: { origin: 'http://localhost:5173' },
    });
    expect(simple.headers['access-control-allow-origin']).toBe('http://localhost:5173');

    const other = await ctx.request('OPTIONS', '/api/notes/', {
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('OpenAPI', () => {
  it('serves the document and the docs page, with its own CSP', async () => {
    const doc = await ctx.request('GET', '/api/openapi.json');
    expect(doc.statusCode).toBe(200);
    const body = doc.json();
    expect(body.openapi).toBe('3.0.3');
    expect(Object.keys(body.paths)).toContain('/api/notes/');
    const docs = await ctx.request('GET', '/api/docs/');
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toMatch(/text\/html/);
    expect(docs.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(docs.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });
});

describe('the web app', () => {
  it('is served with SPA fallback, long-cached assets and JSON 404s under /api', async () => {
    const dist = tmp();
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Prodify</title>');
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
    const app = await ctx.buildApp({ webDistDir: dist });

    for (const url of ['/', '/login', '/note-history', '/some/deep/link?x=1']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Prodify</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    }
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('no-cache');
    expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'HEAD', url: '/' })).statusCode).toBe(200);

    const api = await app.inject({ method: 'GET', url: '/api/nope/' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ detail: 'Not found.' });
    const wrong = await app.inject({ method: 'GET', url: '/api/token/' });
    expect(wrong.statusCode).toBe(405);
    expect((await app.inject({ method: 'POST', url: '/login' })).statusCode).toBe(404);
  });

  it('lets the API start when the web app is not built', async () => {
    const res = await ctx.request('GET', '/');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });
});
