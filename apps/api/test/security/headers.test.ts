import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { HELMET_OPTIONS, STATIC_SECURITY_HEADERS } from '../../src/plugins/security';
import { type TestUser, useTestApp } from '../support/app';
import { send } from '../support/inject';

/**
 * Security headers on every kind of answer (API JSON, errors of every status, the served web
 * app's index.html and its files, health checks), Swagger UI's own scoped policy, and CORS for
 * the configured origins only.
 */
const ALLOWED = 'https://app.example';
const ctx = useTestApp();

let app: FastifyInstance;
let alice: TestUser;

beforeAll(async () => {
  // A small built web app, served by the same app as the API.
  const dist = mkdtempSync(path.join(tmpdir(), 'prodify-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><title>Prodify</title><script type="module" src="/assets/app-1.js"></script>',
  );
  writeFileSync(path.join(dist, 'assets', 'app-1.js'), 'export {};');
  writeFileSync(path.join(dist, 'assets', 'app-1.css'), 'body{}');
  app = await ctx.buildApp({ webDistDir: dist, corsOrigins: [ALLOWED] });
});

/** `content-security-policy` as a map of directive → sources. */
function policy(res: LightMyRequestResponse, what = ''): Map<string, string[]> {
  const header = res.headers['content-security-policy'];
  expect(typeof header, `${what}: content-security-policy`).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

function expectStrictHeaders(res: LightMyRequestResponse, what: string) {
  const csp = policy(res, what);
  expect(csp.get('default-src'), what).toEqual(["'self'"]);
  expect(csp.get('script-src'), what).toEqual(["'self'"]);
  expect(csp.get('script-src-attr'), what).toEqual(["'none'"]);
  expect(csp.get('style-src'), what).toEqual(["'self'"]);
  expect(csp.get('object-src'), what).toEqual(["'none'"]);
  expect(csp.get('base-uri'), what).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(csp.get('form-action'), what).toEqual(["'self'"]);
  for (const [name, sources] of csp) {
    expect(sources, `${what}: ${name}`).not.toContain("'unsafe-inline'");
    expect(sources, `${what}: ${name}`).not.toContain("'unsafe-eval'");
    expect(sources, `${what}: ${name}`).not.toContain('*');
  }
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['x-frame-options'], what).toBe('DENY');
  expect(res.headers['referrer-policy'], what).toBe('no-referrer');
  expect(res.headers['cross-origin-opener-policy'], what).toBe('same-origin');
  expect(res.headers['x-powered-by'], what).toBeUndefined();
}

describe('security headers', () => {
  it('are on every API answer, whatever its status', async () => {
    alice = await ctx.signUp('alice');
    const cases: Array<[string, Parameters<typeof send>[1], number]> = [
      ['list', { method: 'GET', url: '/api/notes/', headers: alice.auth }, 200],
      [
        'create',
        { method: 'POST', url: '/api/todos/', body: { task: 't' }, headers: alice.auth },
        201,
      ],
      ['validation', { method: 'POST', url: '/api/todos/', body: {}, headers: alice.auth }, 400],
      ['no token', { method: 'GET', url: '/api/notes/' }, 401],
      [
        'bad token',
        { method: 'GET', url: '/api/notes/', headers: { authorization: 'Bearer x' } },
        401,
      ],
      ['missing', { method: 'GET', url: '/api/todos/999/', headers: alice.auth }, 404],
      ['unknown path', { method: 'GET', url: '/api/nope/' }, 404],
      ['wrong method', { method: 'PUT', url: '/api/notes/', headers: alice.auth }, 405],
      [
        'media type',
        {
          method: 'POST',
          url: '/api/notes/',
          raw: 'x',
          headers: { ...alice.auth, 'content-type': 'text/plain' },
        },
        415,
      ],
      [
        'too large',
        {
          method: 'POST',
          url: '/api/notes/',
          body: { title: 't', content: 'x'.repeat(1_100_000) },
          headers: alice.auth,
        },
        413,
      ],
      [
        'malformed JSON',
        {
          method: 'POST',
          url: '/api/notes/',
          raw: '{',
          headers: { ...alice.auth, 'content-type': 'application/json' },
        },
        400,
      ],
      ['bad %-escape', { method: 'GET', url: '/api/todos/%/', headers: alice.auth }, 400],
      ['health', { method: 'GET', url: '/healthz' }, 200],
      ['openapi', { method: 'GET', url: '/api/openapi.json' }, 200],
      ['preflight-less OPTIONS', { method: 'OPTIONS', url: '/api/notes/' }, 204],
    ];
    for (const [what, req, status] of cases) {
      const res = await send(app, req);
      expect(res.statusCode, what).toBe(status);
      expectStrictHeaders(res, what);
    }
  });

  it('are on the served web app: index.html, client routes and files', async () => {
    for (const url of ['/', '/login', '/note-history', '/deep/link?x=1', '/assets/app-1.js']) {
      const res = await send(app, { method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expectStrictHeaders(res, url);
    }
    const index = await send(app, { method: 'GET', url: '/' });
    expect(index.headers['content-type']).toMatch(/^text\/html/);
    // The page itself has no inline script the policy would have to allow.
    expect(index.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/i);
    const missing = await send(app, { method: 'GET', url: '/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
    expectStrictHeaders(missing, 'missing file');
  });

  it('leave Swagger UI its own policy, on /api/docs only', async () => {
    const docs = await send(app, { method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    const csp = policy(docs);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(docs.headers['x-content-type-options']).toBe('nosniff');
    // The wider style policy does not leak to the API or the web app.
    expectStrictHeaders(await send(app, { method: 'GET', url: '/api/openapi.json' }), 'openapi');
    expectStrictHeaders(await send(app, { method: 'GET', url: '/' }), 'index');
  });

  it('are the same, header for header, on answers sent before any hook runs', async () => {
    const normal = await send(app, { method: 'GET', url: '/api/todos/1/' });
    const early = await send(app, { method: 'GET', url: '/api/todos/%/' });
    expect(early.statusCode).toBe(400);
    const names = Object.keys(STATIC_SECURITY_HEADERS);
    const pick = (res: LightMyRequestResponse) =>
      Object.fromEntries(
        Object.entries(res.headers).filter(
          ([name]) => names.includes(name) || /^(x-|cross-origin|content-security)/.test(name),
        ),
      );
    const { 'x-request-id': normalId, ...normalHeaders } = pick(normal);
    const { 'x-request-id': earlyId, ...earlyHeaders } = pick(early);
    expect(earlyHeaders).toEqual(normalHeaders);
    expect(earlyId).toMatch(/^[0-9a-f-]{36}$/);
    expect(normalId).not.toBe(earlyId);
  });
});

describe('the static security headers', () => {
  it('equal what helmet itself sends with the same options, route by route, the docs included', async () => {
    // Helmet, as the app used it before its headers were written once (ADR 0427).
    const helmet = Fastify();
    await helmet.register(fastifyHelmet, HELMET_OPTIONS);
    helmet.get('/*', async () => ({}));
    await helmet.ready();
    const reference = (await helmet.inject({ method: 'GET', url: '/x' })).headers;
    await helmet.close();
    const security = (headers: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(headers).filter(
          ([name]) =>
            name in STATIC_SECURITY_HEADERS ||
            /^(x-(?!request-id)|cross-origin|content-security|strict-transport|origin-agent)/.test(
              name,
            ),
        ),
      );
    expect(security(reference)).toEqual(STATIC_SECURITY_HEADERS);
    for (const url of [
      '/api/notes/',
      '/api/todos/1/',
      '/healthz',
      '/',
      '/api/openapi.json',
      '/api/nope/',
    ]) {
      const res = await send(app, { method: 'GET', url });
      expect(security(res.headers), url).toEqual(security(reference));
    }
    // Swagger UI keeps its own, wider policy, and every other header.
    const docs = await send(app, { method: 'GET', url: '/api/docs/static/index.html' });
    const { 'content-security-policy': docsPolicy, ...docsRest } = security(docs.headers);
    const { 'content-security-policy': _strict, ...restReference } = security(reference);
    expect(String(docsPolicy)).toContain("style-src 'self' 'unsafe-inline'");
    expect(docsRest).toEqual(restReference);
  });
});

describe('CORS', () => {
  const preflight = (origin: string, url = '/api/notes/') =>
    send(app, {
      method: 'OPTIONS',
      url,
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });

  it('answers an allowed origin’s preflight and simple requests with its origin', async () => {
    alice = await ctx.signUp('alice');
    const pre = await preflight(ALLOWED);
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(pre.headers['access-control-allow-credentials']).toBe('true');
    expect(pre.headers['access-control-allow-headers']).toBe('authorization,content-type');
    expect(String(pre.headers.vary)).toMatch(/origin/i);
    for (const [method, url] of [
      ['GET', '/api/notes/'],
      ['GET', '/healthz'],
    ] as const) {
      const res = await send(app, { method, url, headers: { ...alice.auth, origin: ALLOWED } });
      expect(res.headers['access-control-allow-origin'], url).toBe(ALLOWED);
      expect(String(res.headers.vary), url).toMatch(/origin/i);
    }
  });

  it('gives any other origin nothing, on preflight and simple requests alike', async () => {
    alice = await ctx.signUp('alice');
    const foreign = [
      'https://evil.example',
      'http://app.example',
      'https://app.example:8443',
      'https://app.example.evil.example',
      'https://evilapp.example',
      'HTTPS://APP.EXAMPLE',
      'null',
      `${ALLOWED}/`,
    ];
    for (const origin of foreign) {
      const pre = await preflight(origin);
      expect(pre.headers['access-control-allow-origin'], origin).toBeUndefined();
      expect(pre.headers['access-control-allow-credentials'], origin).toBeUndefined();
      expect(pre.headers['access-control-allow-methods'], origin).toBeUndefined();
      for (const headers of [{ ...alice.auth, origin }, { origin }]) {
        const res = await send(app, { method: 'GET', url: '/api/notes/', headers });
        expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
        expect(res.headers['access-control-allow-credentials'], origin).toBeUndefined();
      }
    }
  });

  it('allows no origin at all by default (the web app is same-origin)', async () => {
    const pre = await send(ctx.app, {
      method: 'OPTIONS',
      url: '/api/notes/',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'GET' },
    });
    expect(ctx.config.corsOrigins).toEqual([]);
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
  });
});
