import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/env';
import { useTestApp } from '../support/app';
import { send } from '../support/inject';

/**
 * Password guessing at the production defaults (10 failed sign-ins a minute per username + IP,
 * 60 sign-in requests a minute per IP). The limiter's store reads `Date.now()`, so a fake clock
 * (only `Date` is faked: timers and I/O run as usual) moves through the minute without sleeping.
 */
const ctx = useTestApp();
const defaults = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40) });
const PASSWORD = 'Str0ng!Pass1';
const T0 = new Date('2026-11-21T12:00:00Z').getTime();

let app: FastifyInstance;

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
  // A new app each test: the limiter's counters live in memory, per app.
  app = await ctx.buildApp({
    loginFailuresPerMinute: defaults.loginFailuresPerMinute,
    rateLimitPerMinute: defaults.rateLimitPerMinute,
  });
});

afterEach(() => {
  vi.useRealTimers();
});

const at = (seconds: number) => vi.setSystemTime(T0 + seconds * 1000);

function signIn(username: string, password: string, ip = '198.51.100.7', headers = {}) {
  return send(app, {
    method: 'POST',
    url: '/api/token/',
    body: { username, password },
    remoteAddress: ip,
    headers,
  });
}

async function register(username: string) {
  const res = await send(app, {
    method: 'POST',
    url: '/api/user/register/',
    body: { username, password: PASSWORD },
    remoteAddress: '203.0.113.250',
  });
  expect(res.statusCode).toBe(201);
}

function expectThrottled(res: Awaited<ReturnType<typeof signIn>>, wait: number) {
  expect(res.statusCode).toBe(429);
  expect(res.headers['retry-after']).toBe(String(wait));
  expect(res.json()).toEqual({
    detail: `Request was throttled. Expected available in ${wait} second${wait === 1 ? '' : 's'}.`,
  });
}

describe('failed sign-ins, at the production defaults', () => {
  it('are 10 a minute per account and IP: the 11th is a 429 with Retry-After', () => {
    expect(defaults.loginFailuresPerMinute).toBe(10);
    expect(defaults.rateLimitPerMinute).toBe(60);
  });

  it('lock the account on that IP at the 11th bad password, even for the right one', async () => {
    await register('alice');
    for (let i = 0; i < 10; i++) {
      at(i * 5); // spread over 45 seconds: all inside one minute
      const res = await signIn('alice', `guess-${i}`);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    at(50);
    expectThrottled(await signIn('alice', 'guess-10'), 10);
    at(55);
    expectThrottled(await signIn('alice', PASSWORD), 5);
    // Any spelling of the name is the same account.
    expectThrottled(await signIn('ALICE', PASSWORD), 5);
  });

  it('leave other accounts on the same IP, and the same account on another IP, alone', async () => {
    await register('alice');
    await register('bob');
    for (let i = 0; i < 11; i++) await signIn('alice', `guess-${i}`);
    expectThrottled(await signIn('alice', PASSWORD), 60);
    expect((await signIn('bob', PASSWORD)).statusCode).toBe(200);
    expect((await signIn('bob', 'wrong')).statusCode).toBe(401);
    expect((await signIn('alice', PASSWORD, '192.0.2.44')).statusCode).toBe(200);
  });

  it('end with the minute: then the right password works, and counting starts over', async () => {
    await register('alice');
    for (let i = 0; i < 11; i++) {
      at(i);
      await signIn('alice', `guess-${i}`);
    }
    at(59);
    expectThrottled(await signIn('alice', PASSWORD), 1);
    at(60);
    const res = await signIn('alice', PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['refresh', 'access']);
    for (let i = 0; i < 10; i++) expect((await signIn('alice', 'again')).statusCode).toBe(401);
    expectThrottled(await signIn('alice', 'again'), 60);
  });

  it('cannot be dodged with X-Forwarded-For while TRUST_PROXY is off', async () => {
    await register('alice');
    for (let i = 0; i < 11; i++) {
      await signIn('alice', `guess-${i}`, '198.51.100.7', { 'x-forwarded-for': `10.0.0.${i}` });
    }
    expectThrottled(
      await signIn('alice', PASSWORD, '198.51.100.7', { 'x-forwarded-for': '10.9.9.9' }),
      60,
    );
  });

  it('cannot be dodged with X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    app = await ctx.buildApp({
      loginFailuresPerMinute: defaults.loginFailuresPerMinute,
      rateLimitPerMinute: defaults.rateLimitPerMinute,
      trustProxy: ['10.0.0.1'],
    });
    await register('alice');
    for (let i = 0; i < 11; i++) {
      await signIn('alice', `guess-${i}`, '198.51.100.7', { 'x-forwarded-for': `203.0.113.${i}` });
    }
    expectThrottled(
      await signIn('alice', PASSWORD, '198.51.100.7', { 'x-forwarded-for': '203.0.113.99' }),
      60,
    );
    // Through the trusted proxy, the address it reports is the client's: another client.
    const proxied = await signIn('alice', PASSWORD, '10.0.0.1', {
      'x-forwarded-for': '203.0.113.99',
    });
    expect(proxied.statusCode).toBe(200);
  });

  it('TRUST_PROXY as a hop count takes the address the one proxy appended', async () => {
    app = await ctx.buildApp({
      loginFailuresPerMinute: defaults.loginFailuresPerMinute,
      rateLimitPerMinute: defaults.rateLimitPerMinute,
      trustProxy: 1,
    });
    await register('alice');
    // The client writes any address it likes; the proxy (10.0.0.1) appends the real one.
    for (let i = 0; i < 11; i++) {
      await signIn('alice', `guess-${i}`, '10.0.0.1', {
        'x-forwarded-for': `203.0.113.${i}, 198.51.100.7`,
      });
    }
    expectThrottled(
      await signIn('alice', PASSWORD, '10.0.0.1', { 'x-forwarded-for': '1.1.1.1, 198.51.100.7' }),
      60,
    );
    // Another client through the same proxy is another key: one hop is trusted, not zero.
    const other = await signIn('alice', PASSWORD, '10.0.0.1', {
      'x-forwarded-for': '198.51.100.8',
    });
    expect(other.statusCode).toBe(200);
  });

  it('also cap sign-in requests per IP at 60 a minute, whatever the names', async () => {
    for (let i = 0; i < 60; i++) {
      expect((await signIn(`nobody${i}`, 'x', '198.51.100.99')).statusCode).toBe(401);
    }
    expectThrottled(await signIn('nobody60', 'x', '198.51.100.99'), 60);
    expect((await signIn('nobody61', 'x', '198.51.100.100')).statusCode).toBe(401);
  });
});

describe('password checks of signed-in routes', () => {
  it('lock after 10 wrong current passwords a minute, so a stolen token cannot guess either', async () => {
    await register('alice');
    const { access } = (await signIn('alice', PASSWORD)).json();
    const auth = { authorization: `Bearer ${access}` };
    for (let i = 0; i < 10; i++) {
      const res = await send(app, {
        method: 'PUT',
        url: '/api/settings/',
        body: { current_password: `guess-${i}` },
        headers: auth,
      });
      expect(res.statusCode).toBe(400);
    }
    const settings = await send(app, {
      method: 'PATCH',
      url: '/api/settings/',
      body: { current_password: PASSWORD },
      headers: auth,
    });
    expectThrottled(settings, 60);
    const deletion = await send(app, {
      method: 'POST',
      url: '/api/delete-account/',
      body: { password: PASSWORD },
      headers: auth,
    });
    expectThrottled(deletion, 60);
    at(60);
    const after = await send(app, {
      method: 'POST',
      url: '/api/delete-account/',
      body: { password: PASSWORD },
      headers: auth,
    });
    expect(after.statusCode).toBe(204);
  });
});
